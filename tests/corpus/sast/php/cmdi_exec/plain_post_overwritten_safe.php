<?php // stockade-expect: safe CWE-78 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_POST['image'];
$value = 'default';
exec("convert " . $value . " thumb.png", $out);
