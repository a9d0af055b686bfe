<?php // stockade-expect: vulnerable CWE-601 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $value = $this->decorate($request->input('next'));
        header("Location: " . $value);
    }

    private function decorate($s)
    {
        return trim($s);
    }
}
