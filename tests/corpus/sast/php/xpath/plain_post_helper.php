<?php // stockade-expect: vulnerable CWE-643 ?>
<?php
require __DIR__ . '/bootstrap.php';

function decorate($s)
{
    return trim($s);
}

$value = decorate($_POST['sku']);
$xp = new DOMXPath($doc);
$n = $xp->query("//product[sku='" . $value . "']");
