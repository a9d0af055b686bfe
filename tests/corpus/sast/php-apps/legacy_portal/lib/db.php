<?php // stockade-expect: annotated

function db(): mysqli
{
    static $conn = null;
    if ($conn === null) {
        $conn = new mysqli(getenv('DB_HOST'), getenv('DB_USER'), getenv('DB_PASS'), 'portal');
    }
    return $conn;
}

function pdo(): PDO
{
    // ruleid: php.hardcoded-db-password
    return new PDO('mysql:host=localhost;dbname=portal', 'portal', 'portal-pass-2019');
}

function find_user_by_login($login)
{
    // ruleid: php.sql-injection-parameter
    $res = mysqli_query(db(), "SELECT * FROM users WHERE login = '" . $login . "'");
    return mysqli_fetch_assoc($res);
}

function find_user_by_id($id)
{
    $stmt = db()->prepare('SELECT * FROM users WHERE id = ?');
    $stmt->bind_param('i', $id);
    // ok: php.sql-injection-parameter
    $stmt->execute();
    return $stmt->get_result()->fetch_assoc();
}
