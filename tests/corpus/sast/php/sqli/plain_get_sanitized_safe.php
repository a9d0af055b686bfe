<?php // stockade-expect: safe CWE-89 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = mysqli_real_escape_string($conn, $_GET['customer']);
mysqli_query($conn, "SELECT * FROM orders WHERE customer = '" . $value . "'");
