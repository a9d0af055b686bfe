<?php // stockade-expect: safe CWE-79 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = htmlspecialchars($_GET['q'], ENT_QUOTES, 'UTF-8');
echo "<h2>Search: " . $value . "</h2>";
