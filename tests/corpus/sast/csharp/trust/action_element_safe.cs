// stockade-expect: safe CWE-501
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show(string role)
    {
        var opts = new[] { "default", role };
        HttpContext.Session.SetString("role", opts[0]);
        return View();
    }
}
