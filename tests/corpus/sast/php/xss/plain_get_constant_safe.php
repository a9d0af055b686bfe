<?php // stockade-expect: safe CWE-79 ?>
<?php
require __DIR__ . '/bootstrap.php';

$unused = $_GET['q'];
$value = 'reports';
echo "<h2>Search: " . $value . "</h2>";
