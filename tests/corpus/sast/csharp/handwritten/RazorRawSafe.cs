// stockade-expect: safe CWE-79
using Microsoft.AspNetCore.Mvc;

public class ProfileController : Controller
{
    public IActionResult About(string bio)
    {
        ViewData["Bio"] = bio;
        return View();
    }
}
