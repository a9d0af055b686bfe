<?php // stockade-expect: vulnerable CWE-1336 ?>
<?php
require __DIR__ . '/bootstrap.php';

function decorate($s)
{
    return trim($s);
}

$value = decorate($_POST['greeting']);
$t = $twig->createTemplate("Hi " . $value);
echo $t->render([]);
