<?php // stockade-expect: vulnerable CWE-89 ?>
<?php
require __DIR__ . '/bootstrap.php';

function decorate($s)
{
    return trim($s);
}

$value = decorate($_GET['name']);
$users = User::whereRaw("name = '" . $value . "'")->get();
