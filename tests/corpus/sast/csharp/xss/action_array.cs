// stockade-expect: vulnerable CWE-79
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show(string title)
    {
        var opts = new[] { "default", title };
        var html = new HtmlString("<h2>" + opts[1] + "</h2>");
        return View();
    }
}
