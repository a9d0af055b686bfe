// stockade-expect: vulnerable CWE-502
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show(string state)
    {
        var opts = new[] { "default", state };
        var obj = new BinaryFormatter().Deserialize(new MemoryStream(Convert.FromBase64String(opts[1])));
        return View();
    }
}
