<?php // stockade-expect: vulnerable CWE-89 ?>
<?php
require __DIR__ . '/bootstrap.php';

$opts = ['fixed' => 'default', 'user' => $_POST['name']];
$users = User::whereRaw("name = '" . $opts['user'] . "'")->get();
