<?php // stockade-expect: vulnerable CWE-502 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $value = $this->decorate($request->input('cart'));
        $cart = unserialize(base64_decode($value));
    }

    private function decorate($s)
    {
        return trim($s);
    }
}
