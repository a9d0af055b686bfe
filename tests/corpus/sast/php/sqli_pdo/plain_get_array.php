<?php // stockade-expect: vulnerable CWE-89 ?>
<?php
require __DIR__ . '/bootstrap.php';

$opts = ['fixed' => 'default', 'user' => $_GET['slug']];
$rows = $pdo->query("SELECT * FROM posts WHERE slug = '{$opts['user']}'");
