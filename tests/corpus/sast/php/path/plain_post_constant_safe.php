<?php // stockade-expect: safe CWE-22 ?>
<?php
require __DIR__ . '/bootstrap.php';

$unused = $_POST['doc'];
$value = 'reports';
echo file_get_contents("/srv/docs/" . $value);
