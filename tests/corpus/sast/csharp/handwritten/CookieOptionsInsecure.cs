// stockade-expect: vulnerable CWE-614
public class SessionController : Controller
{
    public IActionResult Start(string token)
    {
        Response.Cookies.Append("sid", Guid.NewGuid().ToString(), new CookieOptions { HttpOnly = true, Expires = DateTimeOffset.UtcNow.AddHours(8) });
        return Ok();
    }
}
