<?php // stockade-expect: annotated

namespace App\Repositories;

use Illuminate\Support\Facades\DB;

class ProductRepository
{
    public function findBySlug(string $slug)
    {
        // ruleid: php.sql-injection-parameter
        return DB::selectOne("SELECT * FROM products WHERE slug = '" . $slug . "'");
    }

    public function findById(int $id)
    {
        // ok: php.sql-injection-parameter
        return DB::selectOne('SELECT * FROM products WHERE id = ?', [$id]);
    }

    public function run(string $sql)
    {
        // ok: php.sql-injection-parameter
        return DB::select($sql);
    }

    public function countByCategory(string $category): int
    {
        // ok: php.sql-injection-parameter
        return DB::table('products')->where('category', $category)->count();
    }
}
