<?php // stockade-expect: safe CWE-22 ?>
<?php
require __DIR__ . '/bootstrap.php';

$unused = $_POST['view'];
$value = 'reports';
include __DIR__ . "/views/" . $value . ".php";
