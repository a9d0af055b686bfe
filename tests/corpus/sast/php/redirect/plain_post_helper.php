<?php // stockade-expect: vulnerable CWE-601 ?>
<?php
require __DIR__ . '/bootstrap.php';

function decorate($s)
{
    return trim($s);
}

$value = decorate($_POST['next']);
header("Location: " . $value);
