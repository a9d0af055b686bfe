<?php // stockade-expect: safe CWE-89
session_start();
$pdo = new PDO('mysql:host=localhost;dbname=app', 'app', getenv('DB_PASS'));
$user = $_POST['username'] ?? '';
$pass = $_POST['password'] ?? '';
$stmt = $pdo->prepare('SELECT id, password_hash FROM users WHERE username = :u LIMIT 1');
$stmt->execute(['u' => $user]);
$row = $stmt->fetch();
if ($row && password_verify($pass, $row['password_hash'])) {
    $_SESSION['uid'] = $row['id'];
}
