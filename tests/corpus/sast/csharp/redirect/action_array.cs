// stockade-expect: vulnerable CWE-601
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show(string next)
    {
        var opts = new[] { "default", next };
        Response.Redirect(opts[1]);
        return View();
    }
}
