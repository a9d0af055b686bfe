<?php // stockade-expect: safe CWE-94 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $value = $request->input('expr');
        if (false) {
            eval("return " . $value . ";");
        }
    }
}
