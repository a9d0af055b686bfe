<?php // stockade-expect: safe CWE-643 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $opts = ['fixed' => 'default', 'user' => $request->input('sku')];
        $xp = new DOMXPath($doc);
        $n = $xp->query("//product[sku='" . $opts['fixed'] . "']");
    }
}
