<?php // stockade-expect: annotated

namespace App\Command;

use Doctrine\DBAL\Connection;
use Symfony\Component\Console\Attribute\AsCommand;
use Symfony\Component\Console\Command\Command;
use Symfony\Component\Console\Input\InputArgument;
use Symfony\Component\Console\Input\InputInterface;
use Symfony\Component\Console\Output\OutputInterface;
use Symfony\Component\Process\Process;

#[AsCommand(name: 'app:export-users')]
class ExportUsersCommand extends Command
{
    public function __construct(private Connection $connection)
    {
        parent::__construct();
    }

    protected function configure(): void
    {
        $this->addArgument('team', InputArgument::REQUIRED);
        $this->addArgument('target', InputArgument::REQUIRED);
    }

    protected function execute(InputInterface $input, OutputInterface $output): int
    {
        $team = $input->getArgument('team');
        $target = $input->getArgument('target');
        // ruleid: php.sql-injection-cli
        $rows = $this->connection->fetchAllAssociative("SELECT email FROM users WHERE team = '$team'");
        // ok: php.sql-injection-cli
        $rows2 = $this->connection->fetchAllAssociative('SELECT email FROM users WHERE team = ?', [$team]);
        // ruleid: php.path-traversal
        file_put_contents($target, json_encode($rows));
        // ok: php.path-traversal
        file_put_contents('/var/exports/users.json', json_encode($rows2));
        // ruleid: php.command-injection-cli
        $p = Process::fromShellCommandline('gzip -9 ' . $target);
        // ok: php.command-injection-cli
        $p2 = new Process(['gzip', '-9', $target]);
        $p->run();
        $p2->run();
        return Command::SUCCESS;
    }
}
