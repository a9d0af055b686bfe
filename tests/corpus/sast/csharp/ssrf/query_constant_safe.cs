// stockade-expect: safe CWE-918
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var unused = Request.Query["url"];
        var value = "reports";
        var body = _http.GetStringAsync(value).Result;
        return View();
    }
}
