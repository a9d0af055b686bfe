// stockade-expect: vulnerable CWE-601
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var opts = new[] { "default", Request.Query["next"] };
        Response.Redirect(opts[1]);
        return View();
    }
}
