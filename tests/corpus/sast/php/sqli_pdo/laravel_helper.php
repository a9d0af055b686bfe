<?php // stockade-expect: vulnerable CWE-89 ?>
<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class PageController extends Controller
{
    public function show(Request $request)
    {
        $value = $this->decorate($request->input('slug'));
        $rows = $pdo->query("SELECT * FROM posts WHERE slug = '{$value}'");
    }

    private function decorate($s)
    {
        return trim($s);
    }
}
