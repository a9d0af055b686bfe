<?php // stockade-expect: vulnerable CWE-601 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_GET['next'];
header("Location: " . $value);
