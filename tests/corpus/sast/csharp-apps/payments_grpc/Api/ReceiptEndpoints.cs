// stockade-expect: annotated
using System.Net;
using Microsoft.AspNetCore.Mvc;

namespace Payments.Api;

public static class ReceiptEndpoints
{
    public static void MapReceipts(this WebApplication app)
    {
        app.MapGet("/receipts/{file}", (string file) =>
        {
            // ruleid: csharp.path-traversal
            return Results.File(File.OpenRead(Path.Combine("/var/receipts", file)), "application/pdf");
        });

        app.MapGet("/receipts-safe/{file}", (string file) =>
        {
            // ok: csharp.path-traversal
            return Results.File(File.OpenRead(Path.Combine("/var/receipts", Path.GetFileName(file))), "application/pdf");
        });

        app.MapGet("/receipt-note", ([FromHeader(Name = "X-Note")] string note, HttpContext ctx) =>
        {
            // ruleid: csharp.xss
            return Results.Content($"<p class=note>{note}</p>", "text/html");
        });

        app.MapGet("/receipt-note-safe", ([FromHeader(Name = "X-Note")] string note) =>
        {
            // ok: csharp.xss
            return Results.Content($"<p class=note>{WebUtility.HtmlEncode(note)}</p>", "text/html");
        });

        app.MapPost("/receipts/import", async (HttpRequest request) =>
        {
            var form = await request.ReadFormAsync();
            var source = form["source"].ToString();
            using var client = new WebClient();
            // ruleid: csharp.ssrf
            var data = client.DownloadData(source);
            // ok: csharp.ssrf
            var sample = client.DownloadData("https://files.example.com/receipts/sample.pdf");
            return Results.Ok(data.Length + sample.Length);
        });

        app.MapGet("/receipts/convert", (string name) =>
        {
            // ruleid: csharp.command-injection
            System.Diagnostics.Process.Start("sh", $"-c \"pdftotext /var/receipts/{name} -\"");
            // ok: csharp.command-injection
            System.Diagnostics.Process.Start("pdftotext", new[] { "/var/receipts/" + Path.GetFileName(name), "-" });
            return Results.Accepted();
        });
    }
}
