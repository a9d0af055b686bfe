// stockade-expect: vulnerable CWE-601
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var value = Decorate(Request.Query["next"]);
        Response.Redirect(value);
        return View();
    }

    private static string Decorate(string s)
    {
        return s.Trim();
    }
}
