// stockade-expect: vulnerable CWE-918
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show(string url)
    {
        var opts = new[] { "default", url };
        var body = _http.GetStringAsync(opts[1]).Result;
        return View();
    }
}
