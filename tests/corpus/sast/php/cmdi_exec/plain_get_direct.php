<?php // stockade-expect: vulnerable CWE-78 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_GET['image'];
exec("convert " . $value . " thumb.png", $out);
