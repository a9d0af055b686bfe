<?php // stockade-expect: safe CWE-1333 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $value = $request->input('pattern');
        $value = 'default';
        preg_match("/^" . $value . "$/", $subject);
    }
}
