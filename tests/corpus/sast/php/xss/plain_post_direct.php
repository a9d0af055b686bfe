<?php // stockade-expect: vulnerable CWE-79 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_POST['q'];
echo "<h2>Search: " . $value . "</h2>";
