<?php // stockade-expect: safe CWE-78 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = escapeshellarg($_POST['image']);
exec("convert " . $value . " thumb.png", $out);
