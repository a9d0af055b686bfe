<?php // stockade-expect: safe CWE-918 ?>
<?php
require __DIR__ . '/bootstrap.php';

$opts = ['fixed' => 'default', 'user' => $_POST['url']];
$ch = curl_init($opts['fixed']);
curl_exec($ch);
