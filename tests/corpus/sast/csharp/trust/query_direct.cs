// stockade-expect: vulnerable CWE-501
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var value = Request.Query["role"];
        HttpContext.Session.SetString("role", value);
        return View();
    }
}
