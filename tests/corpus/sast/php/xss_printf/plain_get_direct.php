<?php // stockade-expect: vulnerable CWE-79 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_GET['label'];
printf("<span>%s</span>", $value);
