// stockade-expect: vulnerable CWE-89
using Microsoft.AspNetCore.Mvc;

public class PagesController : Controller
{
    public IActionResult Show(string customer)
    {
        var value = Decorate(customer);
        var cmd = new SqlCommand("SELECT * FROM Orders WHERE Customer = '" + value + "'", _conn);
        cmd.ExecuteReader();
        return View();
    }

    private static string Decorate(string s)
    {
        return s.Trim();
    }
}
