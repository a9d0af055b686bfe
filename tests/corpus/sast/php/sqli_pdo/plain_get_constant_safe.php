<?php // stockade-expect: safe CWE-89 ?>
<?php
require __DIR__ . '/bootstrap.php';

$unused = $_GET['slug'];
$value = 'reports';
$rows = $pdo->query("SELECT * FROM posts WHERE slug = '{$value}'");
