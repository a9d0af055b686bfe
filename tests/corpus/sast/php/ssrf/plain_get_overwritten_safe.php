<?php // stockade-expect: safe CWE-918 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_GET['url'];
$value = 'default';
$ch = curl_init($value);
curl_exec($ch);
