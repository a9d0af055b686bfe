// stockade-expect: safe CWE-79
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var opts = new[] { "default", Request.Query["msg"] };
        Response.WriteAsync("<p>" + opts[0] + "</p>");
        return View();
    }
}
