<?php // stockade-expect: annotated

namespace App\Controllers;

use App\Models\ArticleModel;

class Search extends BaseController
{
    public function index()
    {
        $q = $this->request->getGet('q');
        $db = \Config\Database::connect();
        // ruleid: php.sql-injection
        $rows = $db->query("SELECT * FROM articles WHERE title LIKE '%" . $q . "%'")->getResultArray();
        // ok: php.sql-injection
        $rows2 = $db->query('SELECT * FROM articles WHERE title LIKE ?', ['%' . $q . '%'])->getResultArray();

        $builder = $db->table('articles');
        $sort = $this->request->getGet('sort');
        // ruleid: php.sql-injection-query-builder
        $builder->orderBy($sort);
        // ok: php.sql-injection-query-builder
        $builder->like('title', $q);

        // ruleid: php.xss
        echo '<p>Results for ' . $q . '</p>';
        // ok: php.xss
        echo '<p>Results for ' . esc($q) . '</p>';

        return view('search', ['rows' => $rows, 'rows2' => $rows2]);
    }

    public function go()
    {
        $url = $this->request->getVar('url');
        // ruleid: php.open-redirect
        return redirect()->to($url);
    }

    public function import()
    {
        $payload = $this->request->getPost('state');
        // ruleid: php.insecure-deserialization
        $state = unserialize(base64_decode($payload));
        // ok: php.insecure-deserialization
        $state2 = json_decode(base64_decode($payload), true);

        return $this->response->setJSON([$state, $state2]);
    }
}
