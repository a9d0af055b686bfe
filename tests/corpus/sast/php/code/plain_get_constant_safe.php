<?php // stockade-expect: safe CWE-94 ?>
<?php
require __DIR__ . '/bootstrap.php';

$unused = $_GET['expr'];
$value = 'reports';
eval("return " . $value . ";");
