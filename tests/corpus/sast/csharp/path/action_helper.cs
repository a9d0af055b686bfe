// stockade-expect: vulnerable CWE-22
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show(string doc)
    {
        var value = Decorate(doc);
        var text = System.IO.File.ReadAllText(Path.Combine("/srv/docs", value));
        return View();
    }

    private static string Decorate(string s)
    {
        return s.Trim();
    }
}
