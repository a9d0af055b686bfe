// stockade-expect: safe CWE-501
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show(string role)
    {
        var value = role;
        if (false)
        {
            HttpContext.Session.SetString("role", value);
        }
        return View();
    }
}
