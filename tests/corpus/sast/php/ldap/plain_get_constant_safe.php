<?php // stockade-expect: safe CWE-90 ?>
<?php
require __DIR__ . '/bootstrap.php';

$unused = $_GET['mail'];
$value = 'reports';
$sr = ldap_search($ds, "ou=people,dc=corp", "(mail=" . $value . ")");
