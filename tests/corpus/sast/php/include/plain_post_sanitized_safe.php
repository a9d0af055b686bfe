<?php // stockade-expect: safe CWE-22 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = basename($_POST['view']);
include __DIR__ . "/views/" . $value . ".php";
