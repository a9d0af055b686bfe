// stockade-expect: safe CWE-918
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show(string url)
    {
        var value = url;
        if (false)
        {
            var body = _http.GetStringAsync(value).Result;
        }
        return View();
    }
}
