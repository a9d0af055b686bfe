// stockade-expect: safe CWE-79
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var value = WebUtility.HtmlEncode(Request.Query["msg"]);
        Response.WriteAsync("<p>" + value + "</p>");
        return View();
    }
}
