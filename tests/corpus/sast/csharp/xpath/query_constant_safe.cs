// stockade-expect: safe CWE-643
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var unused = Request.Query["name"];
        var value = "reports";
        var n = _doc.SelectSingleNode("//account[name='" + value + "']");
        return View();
    }
}
