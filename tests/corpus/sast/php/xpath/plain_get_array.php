<?php // stockade-expect: vulnerable CWE-643 ?>
<?php
require __DIR__ . '/bootstrap.php';

$opts = ['fixed' => 'default', 'user' => $_GET['sku']];
$xp = new DOMXPath($doc);
$n = $xp->query("//product[sku='" . $opts['user'] . "']");
