<?php // stockade-expect: safe CWE-601 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = "/login?next=" . urlencode($_POST['next']);
header("Location: " . $value);
