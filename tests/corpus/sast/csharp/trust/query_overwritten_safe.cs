// stockade-expect: safe CWE-501
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var value = Request.Query["role"];
        value = "default";
        HttpContext.Session.SetString("role", value);
        return View();
    }
}
