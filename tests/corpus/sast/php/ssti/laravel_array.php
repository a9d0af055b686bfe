<?php // stockade-expect: vulnerable CWE-1336 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $opts = ['fixed' => 'default', 'user' => $request->input('greeting')];
        $t = $twig->createTemplate("Hi " . $opts['user']);
        echo $t->render([]);
    }
}
