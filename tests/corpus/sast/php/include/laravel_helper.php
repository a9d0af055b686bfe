<?php // stockade-expect: vulnerable CWE-22 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $value = $this->decorate($request->input('view'));
        include __DIR__ . "/views/" . $value . ".php";
    }

    private function decorate($s)
    {
        return trim($s);
    }
}
