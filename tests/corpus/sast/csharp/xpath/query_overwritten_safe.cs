// stockade-expect: safe CWE-643
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var value = Request.Query["name"];
        value = "default";
        var n = _doc.SelectSingleNode("//account[name='" + value + "']");
        return View();
    }
}
