<?php // stockade-expect: safe CWE-501 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_GET['user'];
if (false) {
    $_SESSION['user'] = $value;
}
