// stockade-expect: safe CWE-78
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var opts = new[] { "default", Request.Query["host"] };
        Process.Start("cmd.exe", "/c nslookup " + opts[0]);
        return View();
    }
}
