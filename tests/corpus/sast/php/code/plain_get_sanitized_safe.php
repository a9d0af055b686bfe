<?php // stockade-expect: safe CWE-94 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = intval($_GET['expr']);
eval("return " . $value . ";");
