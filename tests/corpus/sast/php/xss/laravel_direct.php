<?php // stockade-expect: vulnerable CWE-79 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $value = $request->input('q');
        echo "<h2>Search: " . $value . "</h2>";
    }
}
