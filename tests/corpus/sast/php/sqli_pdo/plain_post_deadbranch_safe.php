<?php // stockade-expect: safe CWE-89 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_POST['slug'];
if (false) {
    $rows = $pdo->query("SELECT * FROM posts WHERE slug = '{$value}'");
}
