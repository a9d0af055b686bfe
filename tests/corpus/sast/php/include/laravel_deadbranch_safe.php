<?php // stockade-expect: safe CWE-22 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $value = $request->input('view');
        if (false) {
            include __DIR__ . "/views/" . $value . ".php";
        }
    }
}
