<?php // stockade-expect: safe CWE-22 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_GET['doc'];
if (false) {
    echo file_get_contents("/srv/docs/" . $value);
}
