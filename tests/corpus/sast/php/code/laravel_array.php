<?php // stockade-expect: vulnerable CWE-94 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $opts = ['fixed' => 'default', 'user' => $request->input('expr')];
        eval("return " . $opts['user'] . ";");
    }
}
