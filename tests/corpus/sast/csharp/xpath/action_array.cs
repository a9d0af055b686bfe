// stockade-expect: vulnerable CWE-643
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show(string name)
    {
        var opts = new[] { "default", name };
        var n = _doc.SelectSingleNode("//account[name='" + opts[1] + "']");
        return View();
    }
}
