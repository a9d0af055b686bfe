<?php // stockade-expect: vulnerable CWE-117 ?>
<?php
require __DIR__ . '/bootstrap.php';

$opts = ['fixed' => 'default', 'user' => $_GET['user']];
error_log("login failed for " . $opts['user']);
