<?php // stockade-expect: vulnerable CWE-1336 ?>
<?php
require __DIR__ . '/bootstrap.php';

$opts = ['fixed' => 'default', 'user' => $_GET['greeting']];
$t = $twig->createTemplate("Hi " . $opts['user']);
echo $t->render([]);
