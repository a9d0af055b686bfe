<?php // stockade-expect: safe CWE-79 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = htmlentities($_POST['label']);
printf("<span>%s</span>", $value);
