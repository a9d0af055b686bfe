// stockade-expect: safe CWE-501
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var unused = Request.Query["role"];
        var value = "reports";
        HttpContext.Session.SetString("role", value);
        return View();
    }
}
