<?php // stockade-expect: safe CWE-89 ?>
<?php
require __DIR__ . '/bootstrap.php';

$opts = ['fixed' => 'default', 'user' => $_POST['customer']];
mysqli_query($conn, "SELECT * FROM orders WHERE customer = '" . $opts['fixed'] . "'");
