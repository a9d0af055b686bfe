// stockade-expect: safe CWE-89
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show(string name)
    {
        var unused = name;
        var value = "reports";
        var rows = _db.Users.FromSqlRaw($"SELECT * FROM Users WHERE Name = '{value}'").ToList();
        return View();
    }
}
