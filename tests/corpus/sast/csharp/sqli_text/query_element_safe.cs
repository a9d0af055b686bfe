// stockade-expect: safe CWE-89
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var opts = new[] { "default", Request.Query["token"] };
        var cmd = _conn.CreateCommand();
        cmd.CommandText = "DELETE FROM Carts WHERE Token = '" + opts[0] + "'";
        cmd.ExecuteNonQuery();
        return View();
    }
}
