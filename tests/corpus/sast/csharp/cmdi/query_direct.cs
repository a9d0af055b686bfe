// stockade-expect: vulnerable CWE-78
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var value = Request.Query["host"];
        Process.Start("cmd.exe", "/c nslookup " + value);
        return View();
    }
}
