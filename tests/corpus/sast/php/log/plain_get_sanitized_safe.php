<?php // stockade-expect: safe CWE-117 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = str_replace(["\r", "\n"], "", $_GET['user']);
error_log("login failed for " . $value);
