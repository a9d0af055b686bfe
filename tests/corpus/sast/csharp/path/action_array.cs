// stockade-expect: vulnerable CWE-22
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show(string doc)
    {
        var opts = new[] { "default", doc };
        var text = System.IO.File.ReadAllText(Path.Combine("/srv/docs", opts[1]));
        return View();
    }
}
