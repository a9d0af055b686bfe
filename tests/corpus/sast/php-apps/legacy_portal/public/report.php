<?php // stockade-expect: annotated
require __DIR__ . '/../lib/db.php';

$type = $_GET['type'];
// ruleid: php.file-inclusion
require 'reports/' . $type . '.php';

$allowed = ['daily', 'weekly'];
if (in_array($type, $allowed, true)) {
    // ok: php.file-inclusion
    require 'reports/' . $type . '.php';
}

$host = $_GET['host'];
// ruleid: php.command-injection
$out = `ping -c 2 $host`;
// ruleid: php.command-injection
passthru('traceroute ' . $host);
// ok: php.command-injection
passthru('traceroute ' . escapeshellarg($host));
$proc = proc_open(['traceroute', $host], [1 => ['pipe', 'w']], $pipes);

$url = $_POST['callback'];
$ch = curl_init();
// ruleid: php.ssrf
curl_setopt($ch, CURLOPT_URL, $url);
// ruleid: php.curl-ssl-verify-disabled
curl_setopt($ch, CURLOPT_SSL_VERIFYPEER, false);
curl_exec($ch);

$xml = file_get_contents('php://input');
$doc = new DOMDocument();
// ruleid: php.xxe
$doc->loadXML($xml, LIBXML_NOENT);
// ok: php.xxe
$safe = simplexml_load_string($xml, 'SimpleXMLElement', LIBXML_NONET);

$pdo = pdo();
$id = $_GET['id'];
// ruleid: php.sql-injection
$rows = $pdo->query('SELECT * FROM reports WHERE id = ' . $id)->fetchAll();
$stmt = $pdo->prepare('SELECT * FROM reports WHERE id = :id');
// ok: php.sql-injection
$stmt->execute(['id' => $id]);

$name = $_GET['name'];
// ruleid: php.xss
print "<p>Report for $name</p>";
// ok: php.xss
print '<p>Report for ' . htmlspecialchars($name, ENT_QUOTES) . '</p>';
?>
<h1><?= htmlspecialchars($name) ?></h1>
<p>
<?php // ruleid: php.xss ?>
<?= $_GET['title'] ?>
</p>
