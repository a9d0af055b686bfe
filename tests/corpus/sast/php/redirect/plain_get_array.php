<?php // stockade-expect: vulnerable CWE-601 ?>
<?php
require __DIR__ . '/bootstrap.php';

$opts = ['fixed' => 'default', 'user' => $_GET['next']];
header("Location: " . $opts['user']);
