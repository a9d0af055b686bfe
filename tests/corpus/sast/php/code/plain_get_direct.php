<?php // stockade-expect: vulnerable CWE-94 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_GET['expr'];
eval("return " . $value . ";");
