<?php // stockade-expect: vulnerable CWE-601 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_POST['next'];
header("Location: " . $value);
