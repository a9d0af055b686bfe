<?php // stockade-expect: vulnerable CWE-79 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $value = $this->decorate($request->input('q'));
        echo "<h2>Search: " . $value . "</h2>";
    }

    private function decorate($s)
    {
        return trim($s);
    }
}
