<?php // stockade-expect: safe CWE-90 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_GET['mail'];
$value = 'default';
$sr = ldap_search($ds, "ou=people,dc=corp", "(mail=" . $value . ")");
