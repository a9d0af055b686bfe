<?php // stockade-expect: safe CWE-79 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $value = $request->input('label');
        if (false) {
            printf("<span>%s</span>", $value);
        }
    }
}
