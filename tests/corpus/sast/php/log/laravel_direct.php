<?php // stockade-expect: vulnerable CWE-117 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $value = $request->input('user');
        error_log("login failed for " . $value);
    }
}
