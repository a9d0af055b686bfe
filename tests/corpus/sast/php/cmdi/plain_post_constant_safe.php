<?php // stockade-expect: safe CWE-78 ?>
<?php
require __DIR__ . '/bootstrap.php';

$unused = $_POST['domain'];
$value = 'reports';
system("whois " . $value);
