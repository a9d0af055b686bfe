// stockade-expect: safe CWE-78
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var value = Request.Query["host"];
        if (false)
        {
            Process.Start("cmd.exe", "/c nslookup " + value);
        }
        return View();
    }
}
