<?php // stockade-expect: vulnerable CWE-89
session_start();
$pdo = new PDO('mysql:host=localhost;dbname=app', 'app', getenv('DB_PASS'));
$user = $_POST['username'] ?? '';
$pass = $_POST['password'] ?? '';
$sql = "SELECT id, password_hash FROM users WHERE username = '$user' LIMIT 1";
foreach ($pdo->query($sql) as $row) {
    if (password_verify($pass, $row['password_hash'])) {
        $_SESSION['uid'] = $row['id'];
    }
}
