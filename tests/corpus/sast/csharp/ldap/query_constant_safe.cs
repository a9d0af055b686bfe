// stockade-expect: safe CWE-90
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var unused = Request.Query["uid"];
        var value = "reports";
        var s = new DirectorySearcher(_root);
        s.Filter = "(uid=" + value + ")";
        return View();
    }
}
