<?php // stockade-expect: safe CWE-90 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $opts = ['fixed' => 'default', 'user' => $request->input('mail')];
        $sr = ldap_search($ds, "ou=people,dc=corp", "(mail=" . $opts['fixed'] . ")");
    }
}
