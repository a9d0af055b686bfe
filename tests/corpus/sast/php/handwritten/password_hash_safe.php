<?php // stockade-expect: safe CWE-328
function store_password(PDO $db, int $id, string $password): void
{
    $db->prepare('UPDATE users SET pw = ? WHERE id = ?')->execute([password_hash($password, PASSWORD_ARGON2ID), $id]);
}
