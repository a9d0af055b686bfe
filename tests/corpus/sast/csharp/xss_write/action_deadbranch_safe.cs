// stockade-expect: safe CWE-79
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show(string msg)
    {
        var value = msg;
        if (false)
        {
            Response.WriteAsync("<p>" + value + "</p>");
        }
        return View();
    }
}
