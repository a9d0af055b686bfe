<?php // stockade-expect: safe CWE-502 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_POST['cart'];
$value = 'default';
$cart = unserialize(base64_decode($value));
