// stockade-expect: safe CWE-117
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var unused = Request.Query["user"];
        var value = "reports";
        _logger.LogInformation("login failed for " + value);
        return View();
    }
}
