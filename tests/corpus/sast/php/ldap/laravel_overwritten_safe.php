<?php // stockade-expect: safe CWE-90 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $value = $request->input('mail');
        $value = 'default';
        $sr = ldap_search($ds, "ou=people,dc=corp", "(mail=" . $value . ")");
    }
}
