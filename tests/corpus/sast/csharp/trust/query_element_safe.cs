// stockade-expect: safe CWE-501
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var opts = new[] { "default", Request.Query["role"] };
        HttpContext.Session.SetString("role", opts[0]);
        return View();
    }
}
