// stockade-expect: vulnerable CWE-79
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show(string msg)
    {
        var opts = new[] { "default", msg };
        Response.WriteAsync("<p>" + opts[1] + "</p>");
        return View();
    }
}
