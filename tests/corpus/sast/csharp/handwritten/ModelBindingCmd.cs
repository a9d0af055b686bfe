// stockade-expect: vulnerable CWE-78
using System.Diagnostics;
using Microsoft.AspNetCore.Mvc;

public class ExportRequest
{
    public string Folder { get; set; }
}

public class ExportController : Controller
{
    [HttpPost]
    public IActionResult Run([FromBody] ExportRequest req)
    {
        var psi = new ProcessStartInfo("/bin/bash", "-c \"tar czf /tmp/export.tgz " + req.Folder + "\"");
        Process.Start(psi);
        return Accepted();
    }
}
