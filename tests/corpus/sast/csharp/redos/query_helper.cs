// stockade-expect: vulnerable CWE-1333
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var value = Decorate(Request.Query["pattern"]);
        var re = new Regex(value);
        return View();
    }

    private static string Decorate(string s)
    {
        return s.Trim();
    }
}
