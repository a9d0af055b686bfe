<?php // stockade-expect: safe CWE-1336 ?>
<?php
require __DIR__ . '/bootstrap.php';

$value = $_GET['greeting'];
if (false) {
    $t = $twig->createTemplate("Hi " . $value);
echo $t->render([]);
}
