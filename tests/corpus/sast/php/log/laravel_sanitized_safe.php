<?php // stockade-expect: safe CWE-117 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $value = str_replace(["\r", "\n"], "", $request->input('user'));
        error_log("login failed for " . $value);
    }
}
