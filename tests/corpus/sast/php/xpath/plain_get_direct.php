<?php // stockade-expect: vulnerable CWE-643 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_GET['sku'];
$xp = new DOMXPath($doc);
$n = $xp->query("//product[sku='" . $value . "']");
