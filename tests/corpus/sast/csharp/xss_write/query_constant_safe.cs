// stockade-expect: safe CWE-79
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var unused = Request.Query["msg"];
        var value = "reports";
        Response.WriteAsync("<p>" + value + "</p>");
        return View();
    }
}
