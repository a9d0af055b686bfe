<?php // stockade-expect: vulnerable CWE-90 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $value = $request->input('mail');
        $sr = ldap_search($ds, "ou=people,dc=corp", "(mail=" . $value . ")");
    }
}
