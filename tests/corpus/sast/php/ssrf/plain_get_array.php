<?php // stockade-expect: vulnerable CWE-918 ?>
<?php
require __DIR__ . '/bootstrap.php';

$opts = ['fixed' => 'default', 'user' => $_GET['url']];
$ch = curl_init($opts['user']);
curl_exec($ch);
