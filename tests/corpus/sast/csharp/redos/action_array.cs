// stockade-expect: vulnerable CWE-1333
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show(string pattern)
    {
        var opts = new[] { "default", pattern };
        var re = new Regex(opts[1]);
        return View();
    }
}
