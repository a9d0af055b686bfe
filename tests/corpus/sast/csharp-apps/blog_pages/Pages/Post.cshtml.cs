// stockade-expect: annotated
using System.Xml;
using Blog.Services;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.RazorPages;

namespace Blog.Pages;

public class PostModel : PageModel
{
    private readonly PostStore _store;

    public PostModel(PostStore store) => _store = store;

    [BindProperty(SupportsGet = true)]
    public string Slug { get; set; } = "";

    [BindProperty]
    public string Theme { get; set; } = "light";

    public Post? Post { get; private set; }

    public IActionResult OnGet(string? returnTo)
    {
        Post = _store.BySlug(Slug);
        if (Post is null)
        {
            // ruleid: csharp.open-redirect
            return Redirect(returnTo ?? "/");
        }
        if (!string.IsNullOrEmpty(returnTo) && Url.IsLocalUrl(returnTo))
        {
            // ok: csharp.open-redirect
            return Redirect(returnTo);
        }
        return Page();
    }

    public IActionResult OnPostTheme()
    {
        // ruleid: csharp.cookie-insecure
        Response.Cookies.Append("theme", Theme, new CookieOptions { HttpOnly = false, Secure = false });
        // ok: csharp.cookie-insecure
        Response.Cookies.Append("theme2", "dark", new CookieOptions { HttpOnly = true, Secure = true, SameSite = SameSiteMode.Strict });
        // ruleid: csharp.header-injection
        Response.Headers.Append("X-Theme", Theme);
        // ok: csharp.header-injection
        Response.Headers.Append("X-Theme-Set", "1");
        return RedirectToPage();
    }

    public IActionResult OnPostImport(IFormFile feed)
    {
        var settings = new XmlReaderSettings
        {
            // ruleid: csharp.xxe
            DtdProcessing = DtdProcessing.Parse,
            XmlResolver = new XmlUrlResolver(),
        };
        using var reader = XmlReader.Create(feed.OpenReadStream(), settings);
        var safeSettings = new XmlReaderSettings
        {
            // ok: csharp.xxe
            DtdProcessing = DtdProcessing.Prohibit,
        };
        using var safeReader = XmlReader.Create(feed.OpenReadStream(), safeSettings);
        while (reader.Read() && safeReader.Read()) { }
        return RedirectToPage();
    }
}
