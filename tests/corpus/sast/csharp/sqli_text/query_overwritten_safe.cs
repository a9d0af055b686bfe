// stockade-expect: safe CWE-89
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var value = Request.Query["token"];
        value = "default";
        var cmd = _conn.CreateCommand();
        cmd.CommandText = "DELETE FROM Carts WHERE Token = '" + value + "'";
        cmd.ExecuteNonQuery();
        return View();
    }
}
