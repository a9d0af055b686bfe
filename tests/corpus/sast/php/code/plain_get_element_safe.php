<?php // stockade-expect: safe CWE-94 ?>
<?php
require __DIR__ . '/bootstrap.php';

$opts = ['fixed' => 'default', 'user' => $_GET['expr']];
eval("return " . $opts['fixed'] . ";");
