// stockade-expect: vulnerable CWE-79
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show(string msg)
    {
        var value = Decorate(msg);
        Response.WriteAsync("<p>" + value + "</p>");
        return View();
    }

    private static string Decorate(string s)
    {
        return s.Trim();
    }
}
