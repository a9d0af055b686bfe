// stockade-expect: vulnerable CWE-94
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var value = Request.Query["expr"];
        var r = CSharpScript.EvaluateAsync(value).Result;
        return View();
    }
}
