// stockade-expect: safe CWE-502
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show(string state)
    {
        var value = state;
        var obj = JsonSerializer.Deserialize<CartState>(Convert.FromBase64String(value));
        return View();
    }
}
