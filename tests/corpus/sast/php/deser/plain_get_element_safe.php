<?php // stockade-expect: safe CWE-502 ?>
<?php
require __DIR__ . '/bootstrap.php';

$opts = ['fixed' => 'default', 'user' => $_GET['cart']];
$cart = unserialize(base64_decode($opts['fixed']));
