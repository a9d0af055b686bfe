<?php // stockade-expect: safe CWE-78 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_POST['image'];
if (false) {
    exec("convert " . $value . " thumb.png", $out);
}
