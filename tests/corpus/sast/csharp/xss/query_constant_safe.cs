// stockade-expect: safe CWE-79
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var unused = Request.Query["title"];
        var value = "reports";
        var html = new HtmlString("<h2>" + value + "</h2>");
        return View();
    }
}
