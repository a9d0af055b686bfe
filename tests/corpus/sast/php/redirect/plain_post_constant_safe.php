<?php // stockade-expect: safe CWE-601 ?>
<?php
require __DIR__ . '/bootstrap.php';

$unused = $_POST['next'];
$value = 'reports';
header("Location: " . $value);
