<?php // stockade-expect: vulnerable CWE-22 ?>
<?php
require __DIR__ . '/bootstrap.php';

function decorate($s)
{
    return trim($s);
}

$value = decorate($_POST['view']);
include __DIR__ . "/views/" . $value . ".php";
