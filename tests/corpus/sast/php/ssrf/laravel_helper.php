<?php // stockade-expect: vulnerable CWE-918 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $value = $this->decorate($request->input('url'));
        $ch = curl_init($value);
        curl_exec($ch);
    }

    private function decorate($s)
    {
        return trim($s);
    }
}
