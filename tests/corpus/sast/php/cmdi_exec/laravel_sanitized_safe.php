<?php // stockade-expect: safe CWE-78 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $value = escapeshellarg($request->input('image'));
        exec("convert " . $value . " thumb.png", $out);
    }
}
