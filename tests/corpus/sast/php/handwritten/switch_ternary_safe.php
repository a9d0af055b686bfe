<?php // stockade-expect: safe CWE-89
$mode = 'a';
switch ($mode) {
    case 'a':
        $v = 'safe';
        break;
    default:
        $v = $_GET['q'];
}
$t = 1 > 2 ? $_GET['x'] : 'const';
mysqli_query($c, "SELECT " . $v . $t);
