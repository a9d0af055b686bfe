<?php // stockade-expect: safe CWE-918 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_POST['url'];
if (false) {
    $ch = curl_init($value);
curl_exec($ch);
}
