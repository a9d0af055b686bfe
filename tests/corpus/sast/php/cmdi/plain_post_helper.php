<?php // stockade-expect: vulnerable CWE-78 ?>
<?php
require __DIR__ . '/bootstrap.php';

function decorate($s)
{
    return trim($s);
}

$value = decorate($_POST['domain']);
system("whois " . $value);
