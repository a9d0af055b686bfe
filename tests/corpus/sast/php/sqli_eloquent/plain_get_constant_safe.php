<?php // stockade-expect: safe CWE-89 ?>
<?php
require __DIR__ . '/bootstrap.php';

$unused = $_GET['name'];
$value = 'reports';
$users = User::whereRaw("name = '" . $value . "'")->get();
