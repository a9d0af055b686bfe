<?php // stockade-expect: safe CWE-501 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $opts = ['fixed' => 'default', 'user' => $request->input('user')];
        $_SESSION['user'] = $opts['fixed'];
    }
}
