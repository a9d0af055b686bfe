<?php // stockade-expect: annotated

require __DIR__ . '/../vendor/autoload.php';

$pdo = new PDO(getenv('DB_DSN'), getenv('DB_USER'), getenv('DB_PASS'));
$ticket = $_GET['ticket'] ?? '';

// ruleid: php.sql-injection
$row = $pdo->query("SELECT status FROM tickets WHERE ref = '" . $ticket . "'")->fetch();
$stmt = $pdo->prepare('SELECT status FROM tickets WHERE ref = :ref');
// ok: php.sql-injection
$stmt->execute(['ref' => $ticket]);

$xml = file_get_contents('php://input');
// ruleid: php.xxe
$doc = simplexml_load_string($xml, 'SimpleXMLElement', LIBXML_NOENT);
// ok: php.xxe
$doc2 = simplexml_load_string($xml, 'SimpleXMLElement', LIBXML_NONET);

// ruleid: php.variable-overwrite
extract($_POST);
// ok: php.variable-overwrite
extract(['title' => 'Status'], EXTR_SKIP);

$theme = $_COOKIE['theme'] ?? 'light';
// ruleid: php.file-inclusion
include __DIR__ . '/themes/' . $theme . '.php';
// ok: php.file-inclusion
include __DIR__ . '/themes/' . (in_array($theme, ['light', 'dark'], true) ? $theme : 'light') . '.php';
?>
<html>
<body>
<!-- ruleid: php.xss -->
<h1>Ticket <?= $ticket ?></h1>
<!-- ok: php.xss -->
<h1>Ticket <?= htmlspecialchars($ticket, ENT_QUOTES, 'UTF-8') ?></h1>
<p><?= htmlspecialchars((string) ($row['status'] ?? ''), ENT_QUOTES) ?></p>
</body>
</html>
