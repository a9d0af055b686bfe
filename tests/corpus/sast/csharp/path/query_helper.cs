// stockade-expect: vulnerable CWE-22
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var value = Decorate(Request.Query["doc"]);
        var text = System.IO.File.ReadAllText(Path.Combine("/srv/docs", value));
        return View();
    }

    private static string Decorate(string s)
    {
        return s.Trim();
    }
}
