// stockade-expect: safe CWE-89
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show(string name)
    {
        var opts = new[] { "default", name };
        var rows = _db.Users.FromSqlRaw($"SELECT * FROM Users WHERE Name = '{opts[0]}'").ToList();
        return View();
    }
}
