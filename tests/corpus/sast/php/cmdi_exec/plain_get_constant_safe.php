<?php // stockade-expect: safe CWE-78 ?>
<?php
require __DIR__ . '/bootstrap.php';

$unused = $_GET['image'];
$value = 'reports';
exec("convert " . $value . " thumb.png", $out);
