<?php // stockade-expect: safe CWE-1336 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $value = $request->input('greeting');
        $value = 'default';
        $t = $twig->createTemplate("Hi " . $value);
        echo $t->render([]);
    }
}
