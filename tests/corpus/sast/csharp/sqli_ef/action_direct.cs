// stockade-expect: vulnerable CWE-89
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show(string name)
    {
        var value = name;
        var rows = _db.Users.FromSqlRaw($"SELECT * FROM Users WHERE Name = '{value}'").ToList();
        return View();
    }
}
