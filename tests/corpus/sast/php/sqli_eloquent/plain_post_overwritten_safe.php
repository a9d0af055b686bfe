<?php // stockade-expect: safe CWE-89 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_POST['name'];
$value = 'default';
$users = User::whereRaw("name = '" . $value . "'")->get();
