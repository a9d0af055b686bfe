<?php // stockade-expect: safe CWE-79 ?>
<?php
require __DIR__ . '/bootstrap.php';

$unused = $_POST['label'];
$value = 'reports';
printf("<span>%s</span>", $value);
