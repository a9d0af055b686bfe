// stockade-expect: safe CWE-94
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var unused = Request.Query["expr"];
        var value = "reports";
        var r = CSharpScript.EvaluateAsync(value).Result;
        return View();
    }
}
