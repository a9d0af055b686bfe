// stockade-expect: vulnerable CWE-79
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var opts = new[] { "default", Request.Query["msg"] };
        Response.WriteAsync("<p>" + opts[1] + "</p>");
        return View();
    }
}
