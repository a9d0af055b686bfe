// stockade-expect: annotated
using Microsoft.AspNetCore.Mvc;

public class OrdersController : Controller
{
    public IActionResult Index(string status, int id, string next)
    {
        // ruleid: csharp.sql-injection
        var a = new SqlCommand("SELECT * FROM Orders WHERE Status = '" + status + "'", _conn);
        // ok: csharp.sql-injection
        var b = new SqlCommand("SELECT * FROM Orders WHERE Id = " + id, _conn);
        // ok: csharp.sql-injection
        var c = new SqlCommand("SELECT * FROM Orders WHERE Status = @s", _conn);
        // ruleid: csharp.log-injection
        _logger.LogInformation("listing " + status);
        // ok: csharp.log-injection
        _logger.LogInformation("listing {Status}", status);
        if (Url.IsLocalUrl(next))
        {
            // ok: csharp.open-redirect
            return LocalRedirect(next);
        }
        // ruleid: csharp.open-redirect
        return Redirect(next);
    }
}
