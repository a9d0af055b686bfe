<?php // stockade-expect: safe CWE-22
$dest = __DIR__ . '/uploads/' . basename($_FILES['avatar']['name']);
if (move_uploaded_file($_FILES['avatar']['tmp_name'], $dest)) {
    echo 'ok';
}
