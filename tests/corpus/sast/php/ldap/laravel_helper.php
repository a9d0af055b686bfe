<?php // stockade-expect: vulnerable CWE-90 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $value = $this->decorate($request->input('mail'));
        $sr = ldap_search($ds, "ou=people,dc=corp", "(mail=" . $value . ")");
    }

    private function decorate($s)
    {
        return trim($s);
    }
}
