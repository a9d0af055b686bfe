// stockade-expect: safe CWE-502
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var value = Request.Query["state"];
        var obj = JsonSerializer.Deserialize<CartState>(Convert.FromBase64String(value));
        return View();
    }
}
