// stockade-expect: vulnerable CWE-90
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var opts = new[] { "default", Request.Query["uid"] };
        var s = new DirectorySearcher(_root);
        s.Filter = "(uid=" + opts[1] + ")";
        return View();
    }
}
