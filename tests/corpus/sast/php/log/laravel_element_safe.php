<?php // stockade-expect: safe CWE-117 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $opts = ['fixed' => 'default', 'user' => $request->input('user')];
        error_log("login failed for " . $opts['fixed']);
    }
}
