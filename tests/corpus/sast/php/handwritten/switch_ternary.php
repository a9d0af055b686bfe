<?php // stockade-expect: vulnerable CWE-89
$mode = 'z';
switch ($mode) {
    case 'a':
        $v = 'safe';
        break;
    default:
        $v = $_GET['q'];
}
$t = 1 > 2 ? $_GET['x'] : 'const';
mysqli_query($c, "SELECT " . $v . $t);
