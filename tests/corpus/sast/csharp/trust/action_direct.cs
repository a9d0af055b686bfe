// stockade-expect: vulnerable CWE-501
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show(string role)
    {
        var value = role;
        HttpContext.Session.SetString("role", value);
        return View();
    }
}
