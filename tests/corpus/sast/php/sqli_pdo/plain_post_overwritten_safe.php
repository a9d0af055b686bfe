<?php // stockade-expect: safe CWE-89 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_POST['slug'];
$value = 'default';
$rows = $pdo->query("SELECT * FROM posts WHERE slug = '{$value}'");
