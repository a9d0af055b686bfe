<?php // stockade-expect: safe CWE-1333 ?>
<?php
require __DIR__ . '/bootstrap.php';

$unused = $_POST['pattern'];
$value = 'reports';
preg_match("/^" . $value . "$/", $subject);
