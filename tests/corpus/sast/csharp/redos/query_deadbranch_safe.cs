// stockade-expect: safe CWE-1333
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var value = Request.Query["pattern"];
        if (false)
        {
            var re = new Regex(value);
        }
        return View();
    }
}
