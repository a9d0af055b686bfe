// stockade-expect: vulnerable CWE-78
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var opts = new[] { "default", Request.Query["host"] };
        Process.Start("cmd.exe", "/c nslookup " + opts[1]);
        return View();
    }
}
