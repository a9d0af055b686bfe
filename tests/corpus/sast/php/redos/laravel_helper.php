<?php // stockade-expect: vulnerable CWE-1333 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $value = $this->decorate($request->input('pattern'));
        preg_match("/^" . $value . "$/", $subject);
    }

    private function decorate($s)
    {
        return trim($s);
    }
}
