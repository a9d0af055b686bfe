// stockade-expect: vulnerable CWE-643
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show(string name)
    {
        var value = name;
        var n = _doc.SelectSingleNode("//account[name='" + value + "']");
        return View();
    }
}
