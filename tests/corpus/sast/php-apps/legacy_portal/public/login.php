<?php // stockade-expect: annotated
require __DIR__ . '/../lib/db.php';
require __DIR__ . '/../lib/auth.php';

session_start();

$login = $_POST['login'] ?? '';
$password = $_POST['password'] ?? '';
// ruleid: php.sql-injection
$result = db()->query("SELECT * FROM users WHERE login = '$login' AND active = 1");
$user = $result->fetch_assoc();

$ds = ldap_connect('ldap://ldap.internal');
// ruleid: php.ldap-injection
$sr = ldap_search($ds, 'ou=people,dc=example,dc=com', '(uid=' . $login . ')');

if ($user && check_password($user, $password)) {
    // ok: php.trust-boundary
    $_SESSION['user_id'] = (int) $user['id'];
    $next = $_GET['next'] ?? '/';
    // ruleid: php.open-redirect
    header('Location: ' . $next);
    exit;
}
// ok: php.open-redirect
header('Location: /login.php?error=1');
