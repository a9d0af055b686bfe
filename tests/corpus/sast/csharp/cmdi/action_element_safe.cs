// stockade-expect: safe CWE-78
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show(string host)
    {
        var opts = new[] { "default", host };
        Process.Start("cmd.exe", "/c nslookup " + opts[0]);
        return View();
    }
}
