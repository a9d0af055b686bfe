// stockade-expect: safe CWE-89
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var opts = new[] { "default", Request.Query["customer"] };
        var cmd = new SqlCommand("SELECT * FROM Orders WHERE Customer = '" + opts[0] + "'", _conn);
        cmd.ExecuteReader();
        return View();
    }
}
