<?php // stockade-expect: safe CWE-79 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $opts = ['fixed' => 'default', 'user' => $request->input('label')];
        printf("<span>%s</span>", $opts['fixed']);
    }
}
