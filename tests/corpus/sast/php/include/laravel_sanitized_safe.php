<?php // stockade-expect: safe CWE-22 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $value = basename($request->input('view'));
        include __DIR__ . "/views/" . $value . ".php";
    }
}
