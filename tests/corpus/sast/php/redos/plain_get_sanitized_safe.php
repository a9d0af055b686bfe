<?php // stockade-expect: safe CWE-1333 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = preg_quote($_GET['pattern'], '/');
preg_match("/^" . $value . "$/", $subject);
