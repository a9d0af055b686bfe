<?php // stockade-expect: vulnerable CWE-1333 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $opts = ['fixed' => 'default', 'user' => $request->input('pattern')];
        preg_match("/^" . $opts['user'] . "$/", $subject);
    }
}
