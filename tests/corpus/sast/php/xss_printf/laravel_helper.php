<?php // stockade-expect: vulnerable CWE-79 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $value = $this->decorate($request->input('label'));
        printf("<span>%s</span>", $value);
    }

    private function decorate($s)
    {
        return trim($s);
    }
}
