// stockade-expect: vulnerable CWE-89
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var value = Decorate(Request.Query["name"]);
        var rows = _db.Users.FromSqlRaw($"SELECT * FROM Users WHERE Name = '{value}'").ToList();
        return View();
    }

    private static string Decorate(string s)
    {
        return s.Trim();
    }
}
