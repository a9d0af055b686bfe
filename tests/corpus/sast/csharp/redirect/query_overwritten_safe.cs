// stockade-expect: safe CWE-601
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var value = Request.Query["next"];
        value = "default";
        Response.Redirect(value);
        return View();
    }
}
