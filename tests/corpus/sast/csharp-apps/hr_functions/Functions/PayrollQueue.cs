// stockade-expect: annotated
using System.Data.SqlClient;
using System.Diagnostics;
using System.Runtime.Serialization.Formatters.Binary;
using Microsoft.Azure.Functions.Worker;
using Microsoft.Extensions.Logging;

namespace Hr.Functions;

public class PayrollQueue
{
    private readonly ILogger<PayrollQueue> _logger;

    public PayrollQueue(ILogger<PayrollQueue> logger) => _logger = logger;

    [Function("PayrollRun")]
    public void Run([QueueTrigger("payroll-runs")] string message)
    {
        var parts = message.Split('|');
        var period = parts[0];
        using var conn = new SqlConnection(Environment.GetEnvironmentVariable("SqlConnection"));
        conn.Open();
        // ruleid: csharp.sql-injection
        new SqlCommand("EXEC payroll.run_period '" + period + "'", conn).ExecuteNonQuery();
        var cmd = new SqlCommand("EXEC payroll.run_period @period", conn);
        cmd.Parameters.AddWithValue("@period", period);
        // ok: csharp.sql-injection
        cmd.ExecuteNonQuery();
    }

    [Function("PayslipSnapshot")]
    public void Restore([BlobTrigger("snapshots/{name}")] byte[] snapshot, string name)
    {
        var formatter = new BinaryFormatter();
        // ruleid: csharp.binary-formatter
        var state = formatter.Deserialize(new MemoryStream(snapshot));
        // ok: csharp.binary-formatter
        var json = System.Text.Json.JsonSerializer.Deserialize<Dictionary<string, string>>(snapshot);
        _logger.LogInformation("Restored {Name} {Count}", name, json?.Count ?? (state == null ? 0 : 1));
    }

    [Function("ArchivePayslips")]
    public void Archive([ServiceBusTrigger("archive", Connection = "Bus")] string folder)
    {
        // ruleid: csharp.command-injection
        Process.Start("cmd.exe", "/c tar -czf /archive/out.tgz " + folder);
        // ok: csharp.command-injection
        Process.Start("tar", new[] { "-czf", "/archive/out.tgz", "--", folder });
    }
}
