<?php // stockade-expect: safe CWE-94 ?>
<?php
require __DIR__ . '/bootstrap.php';

$unused = $_POST['expr'];
$value = 'reports';
eval("return " . $value . ";");
