<?php // stockade-expect: vulnerable CWE-79 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $opts = ['fixed' => 'default', 'user' => $request->input('q')];
        echo "<h2>Search: " . $opts['user'] . "</h2>";
    }
}
