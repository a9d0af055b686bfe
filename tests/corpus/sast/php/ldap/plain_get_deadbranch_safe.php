<?php // stockade-expect: safe CWE-90 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_GET['mail'];
if (false) {
    $sr = ldap_search($ds, "ou=people,dc=corp", "(mail=" . $value . ")");
}
