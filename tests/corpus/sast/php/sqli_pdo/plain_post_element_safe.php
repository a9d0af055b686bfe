<?php // stockade-expect: safe CWE-89 ?>
<?php
require __DIR__ . '/bootstrap.php';

$opts = ['fixed' => 'default', 'user' => $_POST['slug']];
$rows = $pdo->query("SELECT * FROM posts WHERE slug = '{$opts['fixed']}'");
