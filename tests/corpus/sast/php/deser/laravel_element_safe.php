<?php // stockade-expect: safe CWE-502 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $opts = ['fixed' => 'default', 'user' => $request->input('cart')];
        $cart = unserialize(base64_decode($opts['fixed']));
    }
}
