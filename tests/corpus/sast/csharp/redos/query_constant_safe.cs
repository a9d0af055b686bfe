// stockade-expect: safe CWE-1333
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var unused = Request.Query["pattern"];
        var value = "reports";
        var re = new Regex(value);
        return View();
    }
}
