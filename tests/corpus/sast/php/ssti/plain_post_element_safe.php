<?php // stockade-expect: safe CWE-1336 ?>
<?php
require __DIR__ . '/bootstrap.php';

$opts = ['fixed' => 'default', 'user' => $_POST['greeting']];
$t = $twig->createTemplate("Hi " . $opts['fixed']);
echo $t->render([]);
