<?php // stockade-expect: vulnerable CWE-78 ?>
<?php
require __DIR__ . '/bootstrap.php';

$opts = ['fixed' => 'default', 'user' => $_GET['domain']];
system("whois " . $opts['user']);
