// stockade-expect: vulnerable CWE-601
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show(string next)
    {
        var value = next;
        Response.Redirect(value);
        return View();
    }
}
