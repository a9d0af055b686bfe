// stockade-expect: safe CWE-601
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show(string next)
    {
        var opts = new[] { "default", next };
        Response.Redirect(opts[0]);
        return View();
    }
}
