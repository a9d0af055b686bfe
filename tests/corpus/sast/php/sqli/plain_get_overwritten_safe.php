<?php // stockade-expect: safe CWE-89 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_GET['customer'];
$value = 'default';
mysqli_query($conn, "SELECT * FROM orders WHERE customer = '" . $value . "'");
