<?php // stockade-expect: safe CWE-918 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $value = "https://api.example.com/v1/items?q=" . urlencode($request->input('url'));
        $ch = curl_init($value);
        curl_exec($ch);
    }
}
