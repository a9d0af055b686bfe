<?php // stockade-expect: vulnerable CWE-90 ?>
<?php
require __DIR__ . '/bootstrap.php';

function decorate($s)
{
    return trim($s);
}

$value = decorate($_POST['mail']);
$sr = ldap_search($ds, "ou=people,dc=corp", "(mail=" . $value . ")");
