<?php // stockade-expect: safe CWE-601 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $unused = $request->input('next');
        $value = 'reports';
        header("Location: " . $value);
    }
}
