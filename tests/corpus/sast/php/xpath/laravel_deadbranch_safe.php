<?php // stockade-expect: safe CWE-643 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $value = $request->input('sku');
        if (false) {
            $xp = new DOMXPath($doc);
        $n = $xp->query("//product[sku='" . $value . "']");
        }
    }
}
