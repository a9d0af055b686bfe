<?php // stockade-expect: safe CWE-502 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $value = $request->input('cart');
        $value = 'default';
        $cart = unserialize(base64_decode($value));
    }
}
