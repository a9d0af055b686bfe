<?php // stockade-expect: safe CWE-78 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $opts = ['fixed' => 'default', 'user' => $request->input('image')];
        exec("convert " . $opts['fixed'] . " thumb.png", $out);
    }
}
