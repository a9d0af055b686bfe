<?php // stockade-expect: vulnerable CWE-501 ?>
<?php
require __DIR__ . '/bootstrap.php';

function decorate($s)
{
    return trim($s);
}

$value = decorate($_POST['user']);
$_SESSION['user'] = $value;
