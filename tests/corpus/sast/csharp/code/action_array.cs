// stockade-expect: vulnerable CWE-94
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show(string expr)
    {
        var opts = new[] { "default", expr };
        var r = CSharpScript.EvaluateAsync(opts[1]).Result;
        return View();
    }
}
