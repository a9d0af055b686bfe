// stockade-expect: vulnerable CWE-502
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var opts = new[] { "default", Request.Query["state"] };
        var obj = new BinaryFormatter().Deserialize(new MemoryStream(Convert.FromBase64String(opts[1])));
        return View();
    }
}
