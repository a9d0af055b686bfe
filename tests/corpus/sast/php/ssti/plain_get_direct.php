<?php // stockade-expect: vulnerable CWE-1336 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_GET['greeting'];
$t = $twig->createTemplate("Hi " . $value);
echo $t->render([]);
