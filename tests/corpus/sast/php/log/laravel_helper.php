<?php // stockade-expect: vulnerable CWE-117 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $value = $this->decorate($request->input('user'));
        error_log("login failed for " . $value);
    }

    private function decorate($s)
    {
        return trim($s);
    }
}
