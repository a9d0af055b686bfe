// stockade-expect: vulnerable CWE-643
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show(string name)
    {
        var value = Decorate(name);
        var n = _doc.SelectSingleNode("//account[name='" + value + "']");
        return View();
    }

    private static string Decorate(string s)
    {
        return s.Trim();
    }
}
