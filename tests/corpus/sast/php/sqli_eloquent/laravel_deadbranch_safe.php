<?php // stockade-expect: safe CWE-89 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $value = $request->input('name');
        if (false) {
            $users = User::whereRaw("name = '" . $value . "'")->get();
        }
    }
}
