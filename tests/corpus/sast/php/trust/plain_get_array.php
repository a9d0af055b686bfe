<?php // stockade-expect: vulnerable CWE-501 ?>
<?php
require __DIR__ . '/bootstrap.php';

$opts = ['fixed' => 'default', 'user' => $_GET['user']];
$_SESSION['user'] = $opts['user'];
