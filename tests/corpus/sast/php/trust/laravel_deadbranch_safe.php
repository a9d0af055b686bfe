<?php // stockade-expect: safe CWE-501 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $value = $request->input('user');
        if (false) {
            $_SESSION['user'] = $value;
        }
    }
}
