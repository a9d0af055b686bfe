<?php // stockade-expect: vulnerable CWE-90 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_POST['mail'];
$sr = ldap_search($ds, "ou=people,dc=corp", "(mail=" . $value . ")");
