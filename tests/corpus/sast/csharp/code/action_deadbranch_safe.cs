// stockade-expect: safe CWE-94
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show(string expr)
    {
        var value = expr;
        if (false)
        {
            var r = CSharpScript.EvaluateAsync(value).Result;
        }
        return View();
    }
}
