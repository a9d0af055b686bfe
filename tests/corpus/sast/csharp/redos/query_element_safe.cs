// stockade-expect: safe CWE-1333
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var opts = new[] { "default", Request.Query["pattern"] };
        var re = new Regex(opts[0]);
        return View();
    }
}
