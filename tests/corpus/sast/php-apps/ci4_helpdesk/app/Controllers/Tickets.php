<?php // stockade-expect: annotated

namespace App\Controllers;

use CodeIgniter\Controller;

class Tickets extends Controller
{
    public function index()
    {
        $status = $this->request->getGet('status');
        $db = db_connect();
        $builder = $db->table('tickets');
        // ruleid: php.sql-injection-query-builder
        $builder->where("status = '" . $status . "'");
        // ok: php.sql-injection-query-builder
        $builder->where('status', $status);
        // ruleid: php.sql-injection
        $count = $db->query("SELECT COUNT(*) AS n FROM tickets WHERE status = '$status'")->getRow();
        // ok: php.sql-injection
        $count2 = $db->query('SELECT COUNT(*) AS n FROM tickets WHERE status = ?', [$status])->getRow();

        return view('tickets/index', ['rows' => $builder->get()->getResult(), 'n' => $count, 'n2' => $count2]);
    }

    public function attachment()
    {
        $file = $this->request->getGet('file');
        // ruleid: php.path-traversal
        return $this->response->download(WRITEPATH . 'uploads/' . $file, null);
    }

    public function attachmentSafe()
    {
        $file = basename($this->request->getGet('file'));
        // ok: php.path-traversal
        return $this->response->download(WRITEPATH . 'uploads/' . $file, null);
    }

    public function webhook()
    {
        $url = $this->request->getPost('notify_url');
        $client = service('curlrequest');
        // ruleid: php.ssrf
        $client->get($url);
        // ok: php.ssrf
        $client->get('https://notify.example.com/hook', ['query' => ['u' => $url]]);

        return $this->response->setJSON(['ok' => true]);
    }

    public function close()
    {
        $next = $this->request->getPost('next');
        // ruleid: php.open-redirect
        return redirect()->to($next);
    }

    public function closeSafe()
    {
        // ok: php.open-redirect
        return redirect()->to(site_url('tickets'));
    }

    public function preview()
    {
        $body = $this->request->getPost('body');
        // ruleid: php.xss
        return $this->response->setBody('<div class="preview">' . $body . '</div>');
    }

    public function previewSafe()
    {
        $body = $this->request->getPost('body');
        // ok: php.xss
        return $this->response->setBody('<div class="preview">' . esc($body) . '</div>');
    }
}
