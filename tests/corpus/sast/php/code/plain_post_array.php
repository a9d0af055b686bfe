<?php // stockade-expect: vulnerable CWE-94 ?>
<?php
require __DIR__ . '/bootstrap.php';

$opts = ['fixed' => 'default', 'user' => $_POST['expr']];
eval("return " . $opts['user'] . ";");
