// stockade-expect: safe CWE-79
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var value = HtmlEncoder.Default.Encode(Request.Query["title"]);
        var html = new HtmlString("<h2>" + value + "</h2>");
        return View();
    }
}
