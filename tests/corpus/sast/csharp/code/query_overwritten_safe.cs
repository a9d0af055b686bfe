// stockade-expect: safe CWE-94
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var value = Request.Query["expr"];
        value = "default";
        var r = CSharpScript.EvaluateAsync(value).Result;
        return View();
    }
}
