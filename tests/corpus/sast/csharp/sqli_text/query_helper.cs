// stockade-expect: vulnerable CWE-89
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var value = Decorate(Request.Query["token"]);
        var cmd = _conn.CreateCommand();
        cmd.CommandText = "DELETE FROM Carts WHERE Token = '" + value + "'";
        cmd.ExecuteNonQuery();
        return View();
    }

    private static string Decorate(string s)
    {
        return s.Trim();
    }
}
