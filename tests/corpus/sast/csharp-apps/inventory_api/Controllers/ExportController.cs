// stockade-expect: annotated
using System.Diagnostics;
using System.Text.RegularExpressions;
using Inventory.Services;
using Microsoft.AspNetCore.Mvc;

namespace Inventory.Controllers;

[ApiController]
[Route("api/export")]
public class ExportController : ControllerBase
{
    private readonly IWebHostEnvironment _env;
    private readonly IHttpClientFactory _clients;
    private readonly LabelPrinter _printer;

    public ExportController(IWebHostEnvironment env, IHttpClientFactory clients, LabelPrinter printer)
    {
        _env = env;
        _clients = clients;
        _printer = printer;
    }

    [HttpGet("file")]
    public IActionResult Download([FromQuery] string name)
    {
        var exports = Path.Combine(_env.ContentRootPath, "exports");
        // ruleid: csharp.path-traversal
        var bytes = System.IO.File.ReadAllBytes(Path.Combine(exports, name));
        // ok: csharp.path-traversal
        var same = System.IO.File.ReadAllBytes(Path.Combine(exports, Path.GetFileName(name)));
        return File(bytes.Length > 0 ? bytes : same, "text/csv");
    }

    [HttpGet("stream")]
    public IActionResult Stream([FromQuery] string report)
    {
        // ruleid: csharp.path-traversal
        var fs = new FileStream(Path.Combine(_env.ContentRootPath, "reports", report + ".pdf"), FileMode.Open, FileAccess.Read);
        return File(fs, "application/pdf");
    }

    [HttpGet("stream-checked")]
    public IActionResult StreamChecked([FromQuery] string report)
    {
        var root = Path.GetFullPath(Path.Combine(_env.ContentRootPath, "reports"));
        var full = Path.GetFullPath(Path.Combine(root, report + ".pdf"));
        if (!full.StartsWith(root + Path.DirectorySeparatorChar, StringComparison.Ordinal))
        {
            return BadRequest();
        }
        // ok: csharp.path-traversal
        var fs = new FileStream(full, FileMode.Open, FileAccess.Read);
        return File(fs, "application/pdf");
    }

    [HttpPost("push")]
    public async Task<IActionResult> Push([FromBody] PushRequest req)
    {
        var client = _clients.CreateClient("partners");
        // ruleid: csharp.ssrf
        var resp = await client.PostAsJsonAsync(req.CallbackUrl, new { status = "done" });
        // ok: csharp.ssrf
        var audit = await client.PostAsJsonAsync("https://audit.internal.example.com/events", new { url = req.CallbackUrl });
        return Ok(new { resp.StatusCode, audit = audit.StatusCode });
    }

    [HttpPost("label")]
    public IActionResult Label([FromForm] string sku, [FromForm] string printerName)
    {
        _printer.Print(sku, printerName);
        return Accepted();
    }

    [HttpGet("filter")]
    public IActionResult Filter([FromQuery] string pattern, [FromQuery] string text)
    {
        // ruleid: csharp.redos
        var ok = Regex.IsMatch(text, pattern);
        // ok: csharp.redos
        var okEscaped = Regex.IsMatch(text, Regex.Escape(pattern));
        return Ok(ok || okEscaped);
    }

    [HttpGet("thumb")]
    public IActionResult Thumb([FromQuery] string image)
    {
        var psi = new ProcessStartInfo
        {
            FileName = "convert",
            // ruleid: csharp.command-injection
            Arguments = "/srv/images/" + image + " -resize 64x64 /tmp/thumb.png",
            UseShellExecute = false,
        };
        Process.Start(psi)!.WaitForExit();
        return PhysicalFile("/tmp/thumb.png", "image/png");
    }

    [HttpGet("thumb-safe")]
    public IActionResult ThumbSafe([FromQuery] string image)
    {
        var psi = new ProcessStartInfo("convert") { UseShellExecute = false };
        psi.ArgumentList.Add("/srv/images/" + Path.GetFileName(image));
        psi.ArgumentList.Add("-resize");
        psi.ArgumentList.Add("64x64");
        // ok: csharp.command-injection
        Process.Start(psi)!.WaitForExit();
        return PhysicalFile("/tmp/thumb.png", "image/png");
    }
}

public record PushRequest(string CallbackUrl);
