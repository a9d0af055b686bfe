<?php // stockade-expect: safe CWE-601 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_GET['next'];
if (false) {
    header("Location: " . $value);
}
