<?php // stockade-expect: safe CWE-79 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_GET['label'];
if (false) {
    printf("<span>%s</span>", $value);
}
