<?php // stockade-expect: safe CWE-79 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_GET['label'];
$value = 'default';
printf("<span>%s</span>", $value);
