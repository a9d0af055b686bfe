<?php // stockade-expect: vulnerable CWE-22 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $opts = ['fixed' => 'default', 'user' => $request->input('view')];
        include __DIR__ . "/views/" . $opts['user'] . ".php";
    }
}
