<?php // stockade-expect: safe CWE-1333 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_GET['pattern'];
$value = 'default';
preg_match("/^" . $value . "$/", $subject);
