<?php // stockade-expect: vulnerable CWE-501 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_POST['user'];
$_SESSION['user'] = $value;
