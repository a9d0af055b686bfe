// stockade-expect: vulnerable CWE-501
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var value = Decorate(Request.Query["role"]);
        HttpContext.Session.SetString("role", value);
        return View();
    }

    private static string Decorate(string s)
    {
        return s.Trim();
    }
}
