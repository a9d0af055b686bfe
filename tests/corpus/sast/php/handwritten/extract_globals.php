<?php // stockade-expect: vulnerable CWE-915
extract($_REQUEST);
if (!empty($is_admin)) {
    include 'admin.php';
}
