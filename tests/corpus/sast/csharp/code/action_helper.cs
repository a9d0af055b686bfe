// stockade-expect: vulnerable CWE-94
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show(string expr)
    {
        var value = Decorate(expr);
        var r = CSharpScript.EvaluateAsync(value).Result;
        return View();
    }

    private static string Decorate(string s)
    {
        return s.Trim();
    }
}
