<?php // stockade-expect: safe CWE-78 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_POST['domain'];
if (false) {
    system("whois " . $value);
}
