<?php // stockade-expect: annotated

namespace Api\Handlers;

use PDO;
use Psr\Http\Message\ResponseInterface as Response;
use Psr\Http\Message\ServerRequestInterface as Request;

final class NotesHandler
{
    public function __construct(private PDO $db)
    {
    }

    public function list(Request $request, Response $response): Response
    {
        $params = $request->getQueryParams();
        $owner = $params['owner'] ?? '';
        // ruleid: php.sql-injection
        $rows = $this->db->query("SELECT * FROM notes WHERE owner = '$owner'")->fetchAll();
        $stmt = $this->db->prepare('SELECT * FROM notes WHERE owner = :owner');
        // ok: php.sql-injection
        $stmt->execute(['owner' => $owner]);

        $response->getBody()->write(json_encode($rows));
        return $response->withHeader('Content-Type', 'application/json');
    }

    public function show(Request $request, Response $response, array $args): Response
    {
        $title = $request->getQueryParams()['title'] ?? '';
        // ruleid: php.xss
        $response->getBody()->write('<h1>' . $title . '</h1>');
        // ok: php.xss
        $response->getBody()->write('<h1>' . htmlspecialchars($title, ENT_QUOTES) . '</h1>');
        return $response;
    }

    public function create(Request $request, Response $response): Response
    {
        $data = $request->getParsedBody();
        $next = $data['next'] ?? '/notes';
        // ruleid: php.open-redirect
        return $response->withHeader('Location', $next)->withStatus(302);
    }

    public function attachment(Request $request, Response $response): Response
    {
        $name = $request->getQueryParams()['file'];
        // ruleid: php.path-traversal
        $content = file_get_contents(__DIR__ . '/../../storage/' . $name);
        // ok: php.path-traversal
        $safe = file_get_contents(__DIR__ . '/../../storage/' . basename($name));
        $response->getBody()->write($content . $safe);
        return $response;
    }

    public function ping(Request $request, Response $response): Response
    {
        $host = $request->getParsedBody()['host'];
        // ruleid: php.command-injection
        exec('ping -c 1 ' . $host, $out);
        // ok: php.command-injection
        exec('ping -c 1 ' . escapeshellarg($host), $out2);
        $response->getBody()->write(implode("\n", array_merge($out, $out2)));
        return $response;
    }
}
