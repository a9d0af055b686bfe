<?php // stockade-expect: safe CWE-601 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_GET['next'];
$value = 'default';
header("Location: " . $value);
