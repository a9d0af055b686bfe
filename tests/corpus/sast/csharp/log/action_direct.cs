// stockade-expect: vulnerable CWE-117
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show(string user)
    {
        var value = user;
        _logger.LogInformation("login failed for " + value);
        return View();
    }
}
