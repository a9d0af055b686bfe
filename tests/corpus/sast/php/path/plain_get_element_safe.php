<?php // stockade-expect: safe CWE-22 ?>
<?php
require __DIR__ . '/bootstrap.php';

$opts = ['fixed' => 'default', 'user' => $_GET['doc']];
echo file_get_contents("/srv/docs/" . $opts['fixed']);
