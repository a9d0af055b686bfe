<?php // stockade-expect: safe CWE-643 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_GET['sku'];
$value = 'default';
$xp = new DOMXPath($doc);
$n = $xp->query("//product[sku='" . $value . "']");
