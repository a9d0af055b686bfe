<?php // stockade-expect: safe CWE-117 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $unused = $request->input('user');
        $value = 'reports';
        error_log("login failed for " . $value);
    }
}
