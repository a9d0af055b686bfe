<?php // stockade-expect: vulnerable CWE-94 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $value = $this->decorate($request->input('expr'));
        eval("return " . $value . ";");
    }

    private function decorate($s)
    {
        return trim($s);
    }
}
