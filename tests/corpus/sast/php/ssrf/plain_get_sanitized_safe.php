<?php // stockade-expect: safe CWE-918 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = "https://api.example.com/v1/items?q=" . urlencode($_GET['url']);
$ch = curl_init($value);
curl_exec($ch);
