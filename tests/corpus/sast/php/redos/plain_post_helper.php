<?php // stockade-expect: vulnerable CWE-1333 ?>
<?php
require __DIR__ . '/bootstrap.php';

function decorate($s)
{
    return trim($s);
}

$value = decorate($_POST['pattern']);
preg_match("/^" . $value . "$/", $subject);
