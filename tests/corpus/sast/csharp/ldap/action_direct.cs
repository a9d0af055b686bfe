// stockade-expect: vulnerable CWE-90
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show(string uid)
    {
        var value = uid;
        var s = new DirectorySearcher(_root);
        s.Filter = "(uid=" + value + ")";
        return View();
    }
}
