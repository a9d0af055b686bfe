// stockade-expect: vulnerable CWE-918
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var value = Request.Query["url"];
        var body = _http.GetStringAsync(value).Result;
        return View();
    }
}
