// stockade-expect: safe CWE-22
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var opts = new[] { "default", Request.Query["doc"] };
        var text = System.IO.File.ReadAllText(Path.Combine("/srv/docs", opts[0]));
        return View();
    }
}
