<?php // stockade-expect: safe CWE-117 ?>
<?php
require __DIR__ . '/bootstrap.php';

$opts = ['fixed' => 'default', 'user' => $_POST['user']];
error_log("login failed for " . $opts['fixed']);
