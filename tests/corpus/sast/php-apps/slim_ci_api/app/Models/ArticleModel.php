<?php // stockade-expect: annotated

namespace App\Models;

use CodeIgniter\Model;

class ArticleModel extends Model
{
    protected $table = 'articles';
    protected $allowedFields = ['title', 'body'];

    public function byAuthor(string $author): array
    {
        // ruleid: php.sql-injection-parameter
        return $this->db->query("SELECT * FROM articles WHERE author = '{$author}'")->getResultArray();
    }

    public function byAuthorSafe(string $author): array
    {
        // ok: php.sql-injection-parameter
        return $this->where('author', $author)->findAll();
    }
}
