<?php // stockade-expect: safe CWE-918 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $value = $request->input('url');
        if (false) {
            $ch = curl_init($value);
        curl_exec($ch);
        }
    }
}
