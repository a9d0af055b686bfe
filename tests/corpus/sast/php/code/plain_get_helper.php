<?php // stockade-expect: vulnerable CWE-94 ?>
<?php
require __DIR__ . '/bootstrap.php';

function decorate($s)
{
    return trim($s);
}

$value = decorate($_GET['expr']);
eval("return " . $value . ";");
