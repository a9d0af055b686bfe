<?php // stockade-expect: safe CWE-22 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_GET['view'];
if (false) {
    include __DIR__ . "/views/" . $value . ".php";
}
