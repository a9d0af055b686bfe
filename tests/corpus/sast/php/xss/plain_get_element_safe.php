<?php // stockade-expect: safe CWE-79 ?>
<?php
require __DIR__ . '/bootstrap.php';

$opts = ['fixed' => 'default', 'user' => $_GET['q']];
echo "<h2>Search: " . $opts['fixed'] . "</h2>";
