<?php // stockade-expect: vulnerable CWE-328
function store_password(PDO $db, int $id, string $password): void
{
    $db->prepare('UPDATE users SET pw = ? WHERE id = ?')->execute([md5($password), $id]);
}
