<?php // stockade-expect: safe CWE-90 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = ldap_escape($_GET['mail'], '', LDAP_ESCAPE_FILTER);
$sr = ldap_search($ds, "ou=people,dc=corp", "(mail=" . $value . ")");
