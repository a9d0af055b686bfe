<?php // stockade-expect: safe CWE-1336 ?>
<?php
require __DIR__ . '/bootstrap.php';

$unused = $_POST['greeting'];
$value = 'reports';
$t = $twig->createTemplate("Hi " . $value);
echo $t->render([]);
