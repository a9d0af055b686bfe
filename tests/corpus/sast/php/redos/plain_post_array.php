<?php // stockade-expect: vulnerable CWE-1333 ?>
<?php
require __DIR__ . '/bootstrap.php';

$opts = ['fixed' => 'default', 'user' => $_POST['pattern']];
preg_match("/^" . $opts['user'] . "$/", $subject);
