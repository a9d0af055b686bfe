<?php // stockade-expect: vulnerable CWE-643 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $value = $this->decorate($request->input('sku'));
        $xp = new DOMXPath($doc);
        $n = $xp->query("//product[sku='" . $value . "']");
    }

    private function decorate($s)
    {
        return trim($s);
    }
}
