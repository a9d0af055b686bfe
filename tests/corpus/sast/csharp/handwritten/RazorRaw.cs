// stockade-expect: vulnerable CWE-79
using Microsoft.AspNetCore.Html;
using Microsoft.AspNetCore.Mvc;

public class ProfileController : Controller
{
    public IActionResult About(string bio)
    {
        ViewData["Bio"] = new HtmlString("<section>" + bio + "</section>");
        return View();
    }
}
