// stockade-expect: vulnerable CWE-89
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show()
    {
        var opts = new[] { "default", Request.Query["name"] };
        var rows = _db.Users.FromSqlRaw($"SELECT * FROM Users WHERE Name = '{opts[1]}'").ToList();
        return View();
    }
}
