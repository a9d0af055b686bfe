// stockade-expect: safe CWE-117
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show(string user)
    {
        var opts = new[] { "default", user };
        _logger.LogInformation("login failed for " + opts[0]);
        return View();
    }
}
