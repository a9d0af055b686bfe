<?php // stockade-expect: safe CWE-501 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_GET['user'];
$value = 'default';
$_SESSION['user'] = $value;
