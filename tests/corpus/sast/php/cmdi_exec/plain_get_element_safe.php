<?php // stockade-expect: safe CWE-78 ?>
<?php
require __DIR__ . '/bootstrap.php';

$opts = ['fixed' => 'default', 'user' => $_GET['image']];
exec("convert " . $opts['fixed'] . " thumb.png", $out);
