// stockade-expect: vulnerable CWE-1333
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show(string pattern)
    {
        var value = Decorate(pattern);
        var re = new Regex(value);
        return View();
    }

    private static string Decorate(string s)
    {
        return s.Trim();
    }
}
