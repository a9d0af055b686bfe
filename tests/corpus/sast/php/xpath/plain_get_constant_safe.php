<?php // stockade-expect: safe CWE-643 ?>
<?php
require __DIR__ . '/bootstrap.php';

$unused = $_GET['sku'];
$value = 'reports';
$xp = new DOMXPath($doc);
$n = $xp->query("//product[sku='" . $value . "']");
