<?php // stockade-expect: vulnerable CWE-94 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_POST['expr'];
eval("return " . $value . ";");
