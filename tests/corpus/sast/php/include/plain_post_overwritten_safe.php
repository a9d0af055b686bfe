<?php // stockade-expect: safe CWE-22 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_POST['view'];
$value = 'default';
include __DIR__ . "/views/" . $value . ".php";
