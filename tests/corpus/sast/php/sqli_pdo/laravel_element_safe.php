<?php // stockade-expect: safe CWE-89 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $opts = ['fixed' => 'default', 'user' => $request->input('slug')];
        $rows = $pdo->query("SELECT * FROM posts WHERE slug = '{$opts['fixed']}'");
    }
}
