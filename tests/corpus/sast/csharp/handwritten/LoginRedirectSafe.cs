// stockade-expect: safe CWE-601
using Microsoft.AspNetCore.Mvc;

public class AccountController : Controller
{
    [HttpPost]
    public async Task<IActionResult> Login(LoginModel model, string returnUrl)
    {
        if (await _signIn.PasswordSignInAsync(model.Email, model.Password, false, false) is { Succeeded: true })
        {
            return LocalRedirect(returnUrl ?? "/");
        }
        return View(model);
    }
}
