<?php // stockade-expect: vulnerable CWE-22 ?>
<?php
require __DIR__ . '/bootstrap.php';

function decorate($s)
{
    return trim($s);
}

$value = decorate($_GET['doc']);
echo file_get_contents("/srv/docs/" . $value);
