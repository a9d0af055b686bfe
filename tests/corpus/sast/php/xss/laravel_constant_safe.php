<?php // stockade-expect: safe CWE-79 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $unused = $request->input('q');
        $value = 'reports';
        echo "<h2>Search: " . $value . "</h2>";
    }
}
