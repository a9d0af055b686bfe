// stockade-expect: annotated
using System.Diagnostics;
using Npgsql;

namespace Ops.Tool;

public static class Program
{
    public static async Task<int> Main(string[] args)
    {
        if (args.Length < 2)
        {
            Console.Error.WriteLine("usage: opstool <table> <backup-dir>");
            return 1;
        }
        var connString = Environment.GetEnvironmentVariable("OPS_DB") ?? "Host=localhost;Database=ops";
        await using var conn = new NpgsqlConnection(connString);
        await conn.OpenAsync();
        // ruleid: csharp.sql-injection
        await using var cmd = new NpgsqlCommand("SELECT count(*) FROM " + args[0], conn);
        Console.WriteLine(await cmd.ExecuteScalarAsync());

        Console.Write("archive name: ");
        var name = Console.ReadLine();
        // ruleid: csharp.command-injection
        Process.Start("bash", $"-c \"tar czf {args[1]}/{name}.tgz /var/lib/ops\"");

        // ok: csharp.command-injection
        Process.Start("pg_dump", "--format=custom ops");
        return 0;
    }
}
