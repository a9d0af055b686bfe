<?php // stockade-expect: annotated

namespace App\Service;

use MongoDB\Client;
use Symfony\Component\HttpFoundation\RequestStack;

class Directory
{
    public function __construct(private RequestStack $requests, private Client $mongo)
    {
    }

    public function findPeople(): array
    {
        $request = $this->requests->getCurrentRequest();
        $name = $request->query->get('name');
        $ldap = ldap_connect('ldaps://ldap.example.com');
        // ruleid: php.ldap-injection
        $result = ldap_search($ldap, 'ou=people,dc=example,dc=com', '(cn=' . $name . ')');
        // ok: php.ldap-injection
        $result2 = ldap_search($ldap, 'ou=people,dc=example,dc=com', '(cn=' . ldap_escape($name, '', LDAP_ESCAPE_FILTER) . ')');

        $people = $this->mongo->selectCollection('hr', 'people');
        // ruleid: php.nosql-injection
        $docs = $people->find(['$where' => "this.name == '" . $name . "'"]);
        // ok: php.nosql-injection
        $docs2 = $people->find(['name' => (string) $name]);

        return [ldap_get_entries($ldap, $result), ldap_get_entries($ldap, $result2), $docs, $docs2];
    }
}
