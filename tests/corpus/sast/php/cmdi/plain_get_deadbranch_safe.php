<?php // stockade-expect: safe CWE-78 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_GET['domain'];
if (false) {
    system("whois " . $value);
}
