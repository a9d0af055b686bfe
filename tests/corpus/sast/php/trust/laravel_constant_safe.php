<?php // stockade-expect: safe CWE-501 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $unused = $request->input('user');
        $value = 'reports';
        $_SESSION['user'] = $value;
    }
}
