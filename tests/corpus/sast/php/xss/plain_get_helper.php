<?php // stockade-expect: vulnerable CWE-79 ?>
<?php
require __DIR__ . '/bootstrap.php';

function decorate($s)
{
    return trim($s);
}

$value = decorate($_GET['q']);
echo "<h2>Search: " . $value . "</h2>";
