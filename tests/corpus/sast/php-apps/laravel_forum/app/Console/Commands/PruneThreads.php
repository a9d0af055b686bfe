<?php // stockade-expect: annotated

namespace App\Console\Commands;

use Illuminate\Console\Command;
use Illuminate\Support\Facades\DB;

class PruneThreads extends Command
{
    protected $signature = 'forum:prune {board} {--before=}';

    public function handle(): int
    {
        $board = $this->argument('board');
        $before = $this->option('before');
        // ruleid: php.sql-injection-cli
        DB::delete("DELETE FROM threads WHERE board = '$board' AND created_at < '$before'");
        // ok: php.sql-injection-cli
        DB::delete('DELETE FROM threads WHERE board = ? AND created_at < ?', [$board, $before]);
        // ruleid: php.command-injection-cli
        exec('tar czf /backups/' . $board . '.tgz /srv/forum/' . $board);
        // ok: php.command-injection-cli
        exec('tar czf /backups/' . escapeshellarg($board . '.tgz') . ' /srv/forum/' . escapeshellarg($board));

        return self::SUCCESS;
    }
}
