<?php // stockade-expect: safe CWE-89 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_POST['customer'];
if (false) {
    mysqli_query($conn, "SELECT * FROM orders WHERE customer = '" . $value . "'");
}
