<?php // stockade-expect: safe CWE-89 ?>
<?php
require __DIR__ . '/bootstrap.php';

$unused = $_POST['customer'];
$value = 'reports';
mysqli_query($conn, "SELECT * FROM orders WHERE customer = '" . $value . "'");
