<?php // stockade-expect: vulnerable CWE-79 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_POST['label'];
printf("<span>%s</span>", $value);
