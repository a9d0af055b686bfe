<?php // stockade-expect: safe CWE-918 ?>
<?php
require __DIR__ . '/bootstrap.php';

$unused = $_GET['url'];
$value = 'reports';
$ch = curl_init($value);
curl_exec($ch);
