<?php // stockade-expect: vulnerable CWE-79 ?>
<?php
require __DIR__ . '/bootstrap.php';

$opts = ['fixed' => 'default', 'user' => $_POST['label']];
printf("<span>%s</span>", $opts['user']);
