<?php // stockade-expect: vulnerable CWE-117 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_GET['user'];
error_log("login failed for " . $value);
