<?php // stockade-expect: vulnerable CWE-918 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $opts = ['fixed' => 'default', 'user' => $request->input('url')];
        $ch = curl_init($opts['user']);
        curl_exec($ch);
    }
}
