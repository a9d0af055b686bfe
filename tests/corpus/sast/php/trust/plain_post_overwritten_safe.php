<?php // stockade-expect: safe CWE-501 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_POST['user'];
$value = 'default';
$_SESSION['user'] = $value;
