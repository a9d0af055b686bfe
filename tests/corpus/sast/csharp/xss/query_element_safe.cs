// stockade-expect: safe CWE-79
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var opts = new[] { "default", Request.Query["title"] };
        var html = new HtmlString("<h2>" + opts[0] + "</h2>");
        return View();
    }
}
