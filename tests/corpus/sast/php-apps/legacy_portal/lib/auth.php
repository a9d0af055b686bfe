<?php // stockade-expect: annotated

function check_password(array $user, string $password): bool
{
    // ruleid: php.weak-hash-password
    return $user['password'] === md5($password);
}

function check_password_safe(array $user, string $password): bool
{
    // ok: php.weak-hash-password
    return password_verify($password, $user['password_hash']);
}

function remember_me(string $userId): void
{
    // ruleid: php.weak-random
    $token = md5(mt_rand());
    // ruleid: php.cookie-insecure
    setcookie('remember', $token, time() + 86400 * 30, '/');
    // ok: php.cookie-insecure
    setcookie('remember', $token, ['expires' => time() + 86400 * 30, 'path' => '/', 'secure' => true, 'httponly' => true, 'samesite' => 'Lax']);
}

function ldap_login($ds, string $user, string $password): bool
{
    $safe = ldap_escape($user, '', LDAP_ESCAPE_FILTER);
    // ok: php.ldap-injection
    $sr = ldap_search($ds, 'ou=people,dc=example,dc=com', "(uid=$safe)");
    return ldap_count_entries($ds, $sr) === 1 && @ldap_bind($ds, "uid=$safe,ou=people,dc=example,dc=com", $password);
}
