<?php // stockade-expect: vulnerable CWE-502 ?>
<?php
require __DIR__ . '/bootstrap.php';

function decorate($s)
{
    return trim($s);
}

$value = decorate($_GET['cart']);
$cart = unserialize(base64_decode($value));
