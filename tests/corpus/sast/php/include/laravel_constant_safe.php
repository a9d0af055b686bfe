<?php // stockade-expect: safe CWE-22 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $unused = $request->input('view');
        $value = 'reports';
        include __DIR__ . "/views/" . $value . ".php";
    }
}
