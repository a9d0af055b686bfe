// stockade-expect: safe CWE-89
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var value = Request.Query["customer"];
        value = "default";
        var cmd = new SqlCommand("SELECT * FROM Orders WHERE Customer = '" + value + "'", _conn);
        cmd.ExecuteReader();
        return View();
    }
}
