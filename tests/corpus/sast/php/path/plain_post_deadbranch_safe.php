<?php // stockade-expect: safe CWE-22 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_POST['doc'];
if (false) {
    echo file_get_contents("/srv/docs/" . $value);
}
