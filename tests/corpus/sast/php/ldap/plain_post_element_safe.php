<?php // stockade-expect: safe CWE-90 ?>
<?php
require __DIR__ . '/bootstrap.php';

$opts = ['fixed' => 'default', 'user' => $_POST['mail']];
$sr = ldap_search($ds, "ou=people,dc=corp", "(mail=" . $opts['fixed'] . ")");
