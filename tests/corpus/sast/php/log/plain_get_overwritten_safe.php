<?php // stockade-expect: safe CWE-117 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_GET['user'];
$value = 'default';
error_log("login failed for " . $value);
