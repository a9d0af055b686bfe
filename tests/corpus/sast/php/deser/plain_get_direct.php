<?php // stockade-expect: vulnerable CWE-502 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_GET['cart'];
$cart = unserialize(base64_decode($value));
