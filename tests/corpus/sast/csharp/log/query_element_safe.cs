// stockade-expect: safe CWE-117
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var opts = new[] { "default", Request.Query["user"] };
        _logger.LogInformation("login failed for " + opts[0]);
        return View();
    }
}
