// stockade-expect: vulnerable CWE-94
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var opts = new[] { "default", Request.Query["expr"] };
        var r = CSharpScript.EvaluateAsync(opts[1]).Result;
        return View();
    }
}
