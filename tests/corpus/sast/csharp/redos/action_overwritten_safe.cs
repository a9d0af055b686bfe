// stockade-expect: safe CWE-1333
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show(string pattern)
    {
        var value = pattern;
        value = "default";
        var re = new Regex(value);
        return View();
    }
}
