// stockade-expect: safe CWE-78
using System.Diagnostics;
using Microsoft.AspNetCore.Mvc;

public class ExportController : Controller
{
    private readonly ILogger<ExportController> _log;

    [HttpPost]
    public IActionResult Run(int days, [FromServices] IExporter exporter)
    {
        var psi = new ProcessStartInfo("/usr/local/bin/export", "--days " + days);
        Process.Start(psi);
        return Accepted();
    }
}
