// stockade-expect: safe CWE-614
public class SessionController : Controller
{
    public IActionResult Start(string token)
    {
        Response.Cookies.Append("sid", Guid.NewGuid().ToString(), new CookieOptions { HttpOnly = true, Secure = true, SameSite = SameSiteMode.Strict });
        return Ok();
    }
}
