<?php // stockade-expect: vulnerable CWE-117 ?>
<?php
require __DIR__ . '/bootstrap.php';

function decorate($s)
{
    return trim($s);
}

$value = decorate($_POST['user']);
error_log("login failed for " . $value);
