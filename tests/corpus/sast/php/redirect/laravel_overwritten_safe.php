<?php // stockade-expect: safe CWE-601 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $value = $request->input('next');
        $value = 'default';
        header("Location: " . $value);
    }
}
