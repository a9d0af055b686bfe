// stockade-expect: safe CWE-22
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show(string doc)
    {
        var unused = doc;
        var value = "reports";
        var text = System.IO.File.ReadAllText(Path.Combine("/srv/docs", value));
        return View();
    }
}
