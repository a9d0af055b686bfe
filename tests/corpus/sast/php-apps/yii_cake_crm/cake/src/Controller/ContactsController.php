<?php // stockade-expect: annotated

declare(strict_types=1);

namespace App\Controller;

use Cake\Datasource\ConnectionManager;
use Cake\Http\Client;

class ContactsController extends AppController
{
    public function index()
    {
        $order = $this->request->getQuery('order');
        $contacts = $this->fetchTable('Contacts');
        // ruleid: php.sql-injection
        $query = $contacts->find()->where(["name LIKE '%" . $this->request->getQuery('q') . "%'"]);
        // ok: php.sql-injection
        $query2 = $contacts->find()->where(['name LIKE' => '%' . $this->request->getQuery('q') . '%']);
        // ruleid: php.sql-injection-query-builder
        $query3 = $contacts->find()->order($order);
        // ok: php.sql-injection-query-builder
        $query4 = $contacts->find()->order(['created' => 'DESC']);

        $this->set(compact('query', 'query2', 'query3', 'query4'));
    }

    public function stats()
    {
        $region = $this->request->getData('region');
        $connection = ConnectionManager::get('default');
        // ruleid: php.sql-injection
        $rows = $connection->execute("SELECT COUNT(*) FROM contacts WHERE region = '$region'")->fetchAll('assoc');
        // ok: php.sql-injection
        $rows2 = $connection->execute('SELECT COUNT(*) FROM contacts WHERE region = :r', ['r' => $region])->fetchAll('assoc');

        $this->set(compact('rows', 'rows2'));
    }

    public function avatar()
    {
        $url = $this->request->getData('avatar_url');
        $http = new Client();
        // ruleid: php.ssrf
        $response = $http->get($url);
        // ok: php.ssrf
        $response2 = $http->get('https://gravatar.com/avatar/' . md5(strtolower((string) $url)));

        return $this->response->withStringBody((string) strlen($response->getStringBody() . $response2->getStringBody()));
    }

    public function go()
    {
        // ruleid: php.open-redirect
        return $this->redirect($this->request->getQuery('to'));
    }

    public function goSafe()
    {
        // ok: php.open-redirect
        return $this->redirect(['action' => 'view', $this->request->getQuery('id')]);
    }

    public function note()
    {
        $text = $this->request->getData('text');
        // ruleid: php.xss
        return $this->response->withStringBody('<div class="note">' . $text . '</div>');
    }

    public function noteSafe()
    {
        $text = $this->request->getData('text');
        // ok: php.xss
        return $this->response->withStringBody('<div class="note">' . h($text) . '</div>');
    }
}
