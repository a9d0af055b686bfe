<?php // stockade-expect: safe CWE-79 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_GET['q'];
if (false) {
    echo "<h2>Search: " . $value . "</h2>";
}
