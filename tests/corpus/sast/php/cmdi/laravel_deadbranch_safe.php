<?php // stockade-expect: safe CWE-78 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $value = $request->input('domain');
        if (false) {
            system("whois " . $value);
        }
    }
}
