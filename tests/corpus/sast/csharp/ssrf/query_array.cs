// stockade-expect: vulnerable CWE-918
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var opts = new[] { "default", Request.Query["url"] };
        var body = _http.GetStringAsync(opts[1]).Result;
        return View();
    }
}
