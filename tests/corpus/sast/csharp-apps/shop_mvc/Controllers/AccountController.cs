// stockade-expect: annotated
using Microsoft.AspNetCore.Authentication;
using Microsoft.AspNetCore.Mvc;
using Shop.Services;

namespace Shop.Controllers;

public class AccountController : Controller
{
    private readonly IUserService _users;
    private readonly TokenService _tokens;

    public AccountController(IUserService users, TokenService tokens)
    {
        _users = users;
        _tokens = tokens;
    }

    [HttpGet]
    public IActionResult Login(string returnUrl) => View(model: returnUrl);

    [HttpPost]
    [ValidateAntiForgeryToken]
    public async Task<IActionResult> Login(string email, string password, string returnUrl)
    {
        var user = await _users.CheckAsync(email, password);
        if (user == null)
        {
            return View();
        }
        await HttpContext.SignInAsync(user.ToPrincipal());
        // ruleid: csharp.open-redirect
        return Redirect(returnUrl);
    }

    [HttpGet]
    public IActionResult Back(string returnUrl)
    {
        if (Url.IsLocalUrl(returnUrl))
        {
            // ok: csharp.open-redirect
            return Redirect(returnUrl);
        }
        return RedirectToAction("Index", "Home");
    }

    [HttpGet]
    public IActionResult Continue(string next)
    {
        // ok: csharp.open-redirect
        return LocalRedirect(next);
    }

    [HttpPost]
    [ValidateAntiForgeryToken]
    public async Task<IActionResult> Forgot(string email)
    {
        var code = _tokens.NewResetCode();
        await _users.SendResetAsync(email, code);
        // ruleid: csharp.cookie-insecure
        Response.Cookies.Append("reset_hint", email, new CookieOptions { HttpOnly = true });
        return View("ForgotSent");
    }

    [HttpPost]
    [ValidateAntiForgeryToken]
    public IActionResult Theme(string theme)
    {
        // ok: csharp.cookie-insecure
        Response.Cookies.Append("theme", theme == "dark" ? "dark" : "light", new CookieOptions { Secure = true, HttpOnly = true, SameSite = SameSiteMode.Lax });
        return RedirectToAction("Index", "Home");
    }

    [HttpPost]
    [ValidateAntiForgeryToken]
    public IActionResult Impersonate(string role)
    {
        // ruleid: csharp.trust-boundary
        HttpContext.Session.SetString("role", role);
        return RedirectToAction("Index", "Home");
    }
}
