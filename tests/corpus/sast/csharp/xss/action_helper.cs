// stockade-expect: vulnerable CWE-79
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show(string title)
    {
        var value = Decorate(title);
        var html = new HtmlString("<h2>" + value + "</h2>");
        return View();
    }

    private static string Decorate(string s)
    {
        return s.Trim();
    }
}
