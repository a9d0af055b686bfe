// stockade-expect: safe CWE-501
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show(string role)
    {
        var unused = role;
        var value = "reports";
        HttpContext.Session.SetString("role", value);
        return View();
    }
}
