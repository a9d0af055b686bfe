<?php // stockade-expect: vulnerable CWE-1336 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $value = $request->input('greeting');
        $t = $twig->createTemplate("Hi " . $value);
        echo $t->render([]);
    }
}
