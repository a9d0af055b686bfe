<?php // stockade-expect: vulnerable CWE-89 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_POST['customer'];
mysqli_query($conn, "SELECT * FROM orders WHERE customer = '" . $value . "'");
