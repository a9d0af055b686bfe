<?php // stockade-expect: vulnerable CWE-90 ?>
<?php
require __DIR__ . '/bootstrap.php';

$opts = ['fixed' => 'default', 'user' => $_GET['mail']];
$sr = ldap_search($ds, "ou=people,dc=corp", "(mail=" . $opts['user'] . ")");
