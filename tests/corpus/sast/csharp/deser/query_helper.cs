// stockade-expect: vulnerable CWE-502
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var value = Decorate(Request.Query["state"]);
        var obj = new BinaryFormatter().Deserialize(new MemoryStream(Convert.FromBase64String(value)));
        return View();
    }

    private static string Decorate(string s)
    {
        return s.Trim();
    }
}
