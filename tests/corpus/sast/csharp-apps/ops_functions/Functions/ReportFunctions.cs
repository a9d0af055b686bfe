// stockade-expect: annotated
using System.Data.SqlClient;
using System.Net;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Azure.WebJobs;
using Microsoft.Azure.WebJobs.Extensions.Http;
using Microsoft.Extensions.Logging;

namespace Ops.Functions;

public static class ReportFunctions
{
    [FunctionName("GetReport")]
    public static async Task<IActionResult> GetReport(
        [HttpTrigger(AuthorizationLevel.Function, "get", Route = "reports/{name}")] HttpRequest req,
        string name,
        ILogger log)
    {
        string region = req.Query["region"];
        using var conn = new SqlConnection(Environment.GetEnvironmentVariable("SqlConnection"));
        await conn.OpenAsync();
        // ruleid: csharp.sql-injection
        using var cmd = new SqlCommand($"SELECT * FROM Reports WHERE Region = '{region}'", conn);
        using var reader = await cmd.ExecuteReaderAsync();
        return new OkObjectResult(reader.HasRows);
    }

    [FunctionName("GetReportSafe")]
    public static async Task<IActionResult> GetReportSafe(
        [HttpTrigger(AuthorizationLevel.Function, "get")] HttpRequest req,
        ILogger log)
    {
        string region = req.Query["region"];
        using var conn = new SqlConnection(Environment.GetEnvironmentVariable("SqlConnection"));
        await conn.OpenAsync();
        // ok: csharp.sql-injection
        using var cmd = new SqlCommand("SELECT * FROM Reports WHERE Region = @region", conn);
        cmd.Parameters.AddWithValue("@region", region);
        using var reader = await cmd.ExecuteReaderAsync();
        return new OkObjectResult(reader.HasRows);
    }

    [FunctionName("Greeting")]
    public static async Task<IActionResult> Greeting(
        [HttpTrigger(AuthorizationLevel.Anonymous, "post")] HttpRequest req,
        ILogger log)
    {
        var body = await new StreamReader(req.Body).ReadToEndAsync();
        // ruleid: csharp.log-injection
        log.LogInformation("greeting request: " + body);
        // ruleid: csharp.xss
        return new ContentResult { Content = "<p>Hello " + body + "</p>", ContentType = "text/html", StatusCode = 200 };
    }

    [FunctionName("ProcessExport")]
    public static void ProcessExport(
        [QueueTrigger("exports")] string message,
        ILogger log)
    {
        var parts = message.Split('|');
        // ruleid: csharp.path-traversal
        File.WriteAllText(Path.Combine("/exports", parts[0]), parts[1]);
    }

    [FunctionName("ProcessCleanup")]
    public static void ProcessCleanup(
        [QueueTrigger("cleanup")] string message,
        ILogger log)
    {
        var id = int.Parse(message);
        // ok: csharp.path-traversal
        File.Delete(Path.Combine("/exports", $"export-{id}.csv"));
    }
}
