<?php // stockade-expect: annotated

namespace Worker\Jobs;

use PhpAmqpLib\Message\AMQPMessage;

class ThumbnailConsumer
{
    public function __construct(private \PDO $pdo)
    {
    }

    public function consume(AMQPMessage $msg): void
    {
        $job = json_decode($msg->getBody(), true);
        $path = $job['path'];
        // ruleid: php.command-injection-queue
        shell_exec('convert ' . $path . ' -resize 200x200 /tmp/thumb.png');
        // ok: php.command-injection-queue
        shell_exec('convert ' . escapeshellarg($path) . ' -resize 200x200 /tmp/thumb.png');
        // ruleid: php.sql-injection-queue
        $this->pdo->exec("UPDATE images SET done = 1 WHERE path = '" . $path . "'");
        $stmt = $this->pdo->prepare('UPDATE images SET done = 1 WHERE path = ?');
        // ok: php.sql-injection-queue
        $stmt->execute([$path]);
    }
}
