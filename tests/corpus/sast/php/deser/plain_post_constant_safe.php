<?php // stockade-expect: safe CWE-502 ?>
<?php
require __DIR__ . '/bootstrap.php';

$unused = $_POST['cart'];
$value = 'reports';
$cart = unserialize(base64_decode($value));
