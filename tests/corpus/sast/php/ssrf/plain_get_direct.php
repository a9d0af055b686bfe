<?php // stockade-expect: vulnerable CWE-918 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_GET['url'];
$ch = curl_init($value);
curl_exec($ch);
