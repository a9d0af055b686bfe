<?php // stockade-expect: vulnerable CWE-22 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_POST['view'];
include __DIR__ . "/views/" . $value . ".php";
