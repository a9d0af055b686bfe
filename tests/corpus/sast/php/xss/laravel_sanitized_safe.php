<?php // stockade-expect: safe CWE-79 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $value = htmlspecialchars($request->input('q'), ENT_QUOTES, 'UTF-8');
        echo "<h2>Search: " . $value . "</h2>";
    }
}
