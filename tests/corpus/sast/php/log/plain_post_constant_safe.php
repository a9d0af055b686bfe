<?php // stockade-expect: safe CWE-117 ?>
<?php
require __DIR__ . '/bootstrap.php';

$unused = $_POST['user'];
$value = 'reports';
error_log("login failed for " . $value);
