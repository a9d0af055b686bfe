<?php // stockade-expect: vulnerable CWE-22 ?>
<?php
require __DIR__ . '/bootstrap.php';

$opts = ['fixed' => 'default', 'user' => $_POST['view']];
include __DIR__ . "/views/" . $opts['user'] . ".php";
