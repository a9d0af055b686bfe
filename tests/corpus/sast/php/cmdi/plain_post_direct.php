<?php // stockade-expect: vulnerable CWE-78 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_POST['domain'];
system("whois " . $value);
