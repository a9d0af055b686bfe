// stockade-expect: vulnerable CWE-1333
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var value = Request.Query["pattern"];
        var re = new Regex(value);
        return View();
    }
}
