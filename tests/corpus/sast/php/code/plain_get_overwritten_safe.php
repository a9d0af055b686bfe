<?php // stockade-expect: safe CWE-94 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_GET['expr'];
$value = 'default';
eval("return " . $value . ";");
