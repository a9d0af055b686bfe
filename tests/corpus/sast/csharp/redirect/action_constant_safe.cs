// stockade-expect: safe CWE-601
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show(string next)
    {
        var unused = next;
        var value = "reports";
        Response.Redirect(value);
        return View();
    }
}
