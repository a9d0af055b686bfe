<?php // stockade-expect: vulnerable CWE-502 ?>
<?php
require __DIR__ . '/bootstrap.php';

$opts = ['fixed' => 'default', 'user' => $_POST['cart']];
$cart = unserialize(base64_decode($opts['user']));
