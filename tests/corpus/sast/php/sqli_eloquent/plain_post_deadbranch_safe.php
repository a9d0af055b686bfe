<?php // stockade-expect: safe CWE-89 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_POST['name'];
if (false) {
    $users = User::whereRaw("name = '" . $value . "'")->get();
}
