<?php // stockade-expect: safe CWE-94 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $unused = $request->input('expr');
        $value = 'reports';
        eval("return " . $value . ";");
    }
}
