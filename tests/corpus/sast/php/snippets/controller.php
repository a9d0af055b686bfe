<?php // stockade-expect: annotated
namespace App\Http\Controllers;

use Illuminate\Http\Request;
use Illuminate\Support\Facades\DB;

class ItemController extends Controller
{
    public function search(Request $request)
    {
        $term = $request->input('term');
        $id = (int) $request->input('id');
        // ruleid: php.sql-injection
        $a = DB::select("SELECT * FROM items WHERE name = '$term'");
        // ok: php.sql-injection
        $b = DB::select('SELECT * FROM items WHERE name = ?', [$term]);
        // ok: php.sql-injection
        $c = DB::select("SELECT * FROM items WHERE id = $id");
        // ruleid: php.command-injection
        $out = shell_exec('grep -r ' . $term . ' /srv/items');
        // ok: php.command-injection
        $out = shell_exec('grep -r ' . escapeshellarg($term) . ' /srv/items');
        // ruleid: php.xss
        echo "<p>$term</p>";
        // ok: php.xss
        echo '<p>' . e($term) . '</p>';
        // ruleid: php.insecure-deserialization
        $state = unserialize($request->cookie('state'));
        // ok: php.insecure-deserialization
        $state = json_decode($request->cookie('state'), true);
    }
}
