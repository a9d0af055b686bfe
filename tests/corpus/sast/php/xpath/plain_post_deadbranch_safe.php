<?php // stockade-expect: safe CWE-643 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_POST['sku'];
if (false) {
    $xp = new DOMXPath($doc);
$n = $xp->query("//product[sku='" . $value . "']");
}
