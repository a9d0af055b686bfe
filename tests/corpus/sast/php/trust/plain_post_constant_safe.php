<?php // stockade-expect: safe CWE-501 ?>
<?php
require __DIR__ . '/bootstrap.php';

$unused = $_POST['user'];
$value = 'reports';
$_SESSION['user'] = $value;
