<?php // stockade-expect: safe CWE-502 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $value = $request->input('cart');
        if (false) {
            $cart = unserialize(base64_decode($value));
        }
    }
}
