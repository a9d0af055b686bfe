<?php // stockade-expect: safe CWE-1336 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_GET['greeting'];
$value = 'default';
$t = $twig->createTemplate("Hi " . $value);
echo $t->render([]);
