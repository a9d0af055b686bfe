// stockade-expect: safe CWE-117
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var value = Request.Query["user"];
        value = "default";
        _logger.LogInformation("login failed for " + value);
        return View();
    }
}
