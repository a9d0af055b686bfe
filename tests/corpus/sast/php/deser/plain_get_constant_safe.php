<?php // stockade-expect: safe CWE-502 ?>
<?php
require __DIR__ . '/bootstrap.php';

$unused = $_GET['cart'];
$value = 'reports';
$cart = unserialize(base64_decode($value));
