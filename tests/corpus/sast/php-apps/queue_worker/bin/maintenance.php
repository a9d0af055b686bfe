<?php // stockade-expect: annotated

require __DIR__ . '/../vendor/autoload.php';

$table = $argv[1] ?? 'sessions';
$pdo = new PDO(getenv('DATABASE_DSN'), getenv('DATABASE_USER'), getenv('DATABASE_PASSWORD'));
// ruleid: php.sql-injection-cli
$pdo->exec('TRUNCATE TABLE ' . $table);
// ok: php.sql-injection-cli
$pdo->exec('TRUNCATE TABLE sessions');

$backupDir = getenv('BACKUP_DIR');
// ruleid: php.command-injection-cli
system('tar czf ' . $backupDir . '/db.tgz /var/lib/app');
// ok: php.command-injection-cli
system('tar czf ' . escapeshellarg($backupDir) . '/db.tgz /var/lib/app');

echo "Which user to disable? ";
$login = trim(fgets(STDIN));
// ruleid: php.sql-injection-cli
$pdo->exec("UPDATE users SET active = 0 WHERE login = '$login'");
$stmt = $pdo->prepare('UPDATE users SET active = 1 WHERE login = ?');
// ok: php.sql-injection-cli
$stmt->execute([$login]);

$options = getopt('', ['hook:']);
// ruleid: php.command-injection-cli
exec($options['hook']);
