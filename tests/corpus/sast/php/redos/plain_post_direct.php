<?php // stockade-expect: vulnerable CWE-1333 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_POST['pattern'];
preg_match("/^" . $value . "$/", $subject);
