// stockade-expect: safe CWE-79
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show(string msg)
    {
        var opts = new[] { "default", msg };
        Response.WriteAsync("<p>" + opts[0] + "</p>");
        return View();
    }
}
