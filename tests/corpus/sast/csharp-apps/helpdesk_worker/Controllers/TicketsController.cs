// stockade-expect: annotated
using System.Data;
using System.Xml;
using System.Xml.XPath;
using Dapper;
using Microsoft.AspNetCore.Mvc;

namespace Helpdesk.Controllers;

public class TicketsController : Controller
{
    private readonly IDbConnection _db;
    private readonly IHttpClientFactory _http;
    private readonly XmlDocument _kb;

    public TicketsController(IDbConnection db, IHttpClientFactory http, XmlDocument kb)
    {
        _db = db;
        _http = http;
        _kb = kb;
    }

    public IActionResult Index(string status, string sort)
    {
        // ruleid: csharp.sql-injection
        var rows = _db.Query<Ticket>("SELECT * FROM tickets WHERE status = '" + status + "' ORDER BY " + sort);
        // ok: csharp.sql-injection
        var open = _db.Query<Ticket>("SELECT * FROM tickets WHERE status = @status ORDER BY created_at", new { status });
        ViewBag.Banner = Request.Query["banner"].ToString();
        return View(rows.Concat(open));
    }

    public IActionResult Article(string topic)
    {
        var nav = _kb.CreateNavigator()!;
        // ruleid: csharp.xpath-injection
        var node = nav.SelectSingleNode("//article[@topic='" + topic + "']");
        // ok: csharp.xpath-injection
        var index = nav.SelectSingleNode("//article[@topic='index']");
        return Content((node ?? index)?.InnerXml ?? "", "text/plain");
    }

    [HttpPost]
    [ValidateAntiForgeryToken]
    public IActionResult Close(int id, string returnUrl)
    {
        _db.Execute("UPDATE tickets SET status = 'closed' WHERE id = @id", new { id });
        if (Url.IsLocalUrl(returnUrl))
        {
            // ok: csharp.open-redirect
            return Redirect(returnUrl);
        }
        return RedirectToAction(nameof(Index));
    }

    public IActionResult Leave(string target)
    {
        // ruleid: csharp.open-redirect
        return new RedirectResult(target);
    }

    public async Task<IActionResult> Avatar(string host, string user)
    {
        var client = _http.CreateClient();
        // ruleid: csharp.ssrf
        var bytes = await client.GetByteArrayAsync($"https://{host}/avatars/{user}.png");
        // ok: csharp.ssrf
        var same = await client.GetByteArrayAsync($"https://avatars.example.com/{Uri.EscapeDataString(user)}.png");
        return File(bytes.Length > 0 ? bytes : same, "image/png");
    }

    public IActionResult Export(string format)
    {
        // ruleid: csharp.unsafe-reflection
        var exporter = Activator.CreateInstance(Type.GetType("Helpdesk.Export." + format + "Exporter")!);
        // ok: csharp.unsafe-reflection
        var csv = Activator.CreateInstance(typeof(Ticket));
        return Ok(exporter ?? csv);
    }
}

public class Ticket
{
    public int Id { get; set; }
    public string Title { get; set; } = "";
}
