// stockade-expect: safe CWE-78
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var unused = Request.Query["host"];
        var value = "reports";
        Process.Start("cmd.exe", "/c nslookup " + value);
        return View();
    }
}
