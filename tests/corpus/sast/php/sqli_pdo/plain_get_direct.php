<?php // stockade-expect: vulnerable CWE-89 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_GET['slug'];
$rows = $pdo->query("SELECT * FROM posts WHERE slug = '{$value}'");
