<?php // stockade-expect: vulnerable CWE-22 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_POST['doc'];
echo file_get_contents("/srv/docs/" . $value);
