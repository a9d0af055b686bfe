<?php // stockade-expect: safe CWE-502 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_GET['cart'];
if (false) {
    $cart = unserialize(base64_decode($value));
}
