// stockade-expect: vulnerable CWE-643
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var value = Decorate(Request.Query["name"]);
        var n = _doc.SelectSingleNode("//account[name='" + value + "']");
        return View();
    }

    private static string Decorate(string s)
    {
        return s.Trim();
    }
}
