<?php // stockade-expect: vulnerable CWE-89 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_GET['name'];
$users = User::whereRaw("name = '" . $value . "'")->get();
