// stockade-expect: safe CWE-94
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show(string expr)
    {
        var opts = new[] { "default", expr };
        var r = CSharpScript.EvaluateAsync(opts[0]).Result;
        return View();
    }
}
