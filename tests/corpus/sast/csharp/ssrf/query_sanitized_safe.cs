// stockade-expect: safe CWE-918
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var value = "https://api.example.com/q?u=" + Uri.EscapeDataString(Request.Query["url"]);
        var body = _http.GetStringAsync(value).Result;
        return View();
    }
}
