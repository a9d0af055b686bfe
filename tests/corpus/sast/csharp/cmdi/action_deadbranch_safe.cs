// stockade-expect: safe CWE-78
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show(string host)
    {
        var value = host;
        if (false)
        {
            Process.Start("cmd.exe", "/c nslookup " + value);
        }
        return View();
    }
}
