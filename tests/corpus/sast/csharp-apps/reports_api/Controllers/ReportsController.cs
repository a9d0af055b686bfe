// stockade-expect: annotated
using System.Xml;
using System.Xml.Xsl;
using Microsoft.AspNetCore.Mvc;
using MongoDB.Bson;
using MongoDB.Driver;
using Newtonsoft.Json;
using Reports.Models;
using Scriban;

namespace Reports.Controllers;

[ApiController]
[Route("api/[controller]")]
public class ReportsController : ControllerBase
{
    private readonly IMongoCollection<Report> _reports;
    private readonly ILogger<ReportsController> _log;

    public ReportsController(IMongoDatabase db, ILogger<ReportsController> log)
    {
        _reports = db.GetCollection<Report>("reports");
        _log = log;
    }

    [HttpGet("search")]
    public async Task<IActionResult> Search([FromQuery] string filter)
    {
        // ruleid: csharp.nosql-injection
        var found = await _reports.Find(BsonDocument.Parse(filter)).ToListAsync();
        return Ok(found);
    }

    [HttpGet("by-owner")]
    public async Task<IActionResult> ByOwner([FromQuery] string owner)
    {
        var filter = Builders<Report>.Filter.Eq(r => r.Owner, owner);
        // ok: csharp.nosql-injection
        var found = await _reports.Find(filter).ToListAsync();
        return Ok(found);
    }

    [HttpPost("render")]
    public IActionResult Render([FromBody] RenderRequest request)
    {
        // ruleid: csharp.template-injection
        var template = Template.Parse(request.Template);
        return Ok(template.Render(new { title = "Quarterly" }));
    }

    [HttpPost("render-named")]
    public IActionResult RenderNamed([FromBody] RenderRequest request)
    {
        var source = System.IO.File.ReadAllText(Path.Combine(AppContext.BaseDirectory, "templates", "summary.sbn"));
        // ok: csharp.template-injection
        var template = Template.Parse(source);
        return Ok(template.Render(new { title = request.Title }));
    }

    [HttpPost("import")]
    public IActionResult Import([FromBody] string payload)
    {
        // ruleid: csharp.json-type-name-handling
        var settings = new JsonSerializerSettings { TypeNameHandling = TypeNameHandling.Auto };
        var report = JsonConvert.DeserializeObject<Report>(payload, settings);
        return Ok(report?.Id);
    }

    [HttpPost("import-plain")]
    public IActionResult ImportPlain([FromBody] string payload)
    {
        // ok: csharp.json-type-name-handling
        var report = JsonConvert.DeserializeObject<Report>(payload, new JsonSerializerSettings { TypeNameHandling = TypeNameHandling.None });
        return Ok(report?.Id);
    }

    [HttpGet("export/{format}")]
    public IActionResult Export(string format)
    {
        // ruleid: csharp.unsafe-reflection
        var exporterType = Type.GetType($"Reports.Exporters.{format}Exporter");
        var exporter = (IExporter)Activator.CreateInstance(exporterType!)!;
        return File(exporter.Export(), exporter.ContentType);
    }

    [HttpPost("transform")]
    public IActionResult Transform([FromBody] string xml)
    {
        var xslt = new XslCompiledTransform();
        // ruleid: csharp.xslt-scripts-enabled
        xslt.Load(Path.Combine(AppContext.BaseDirectory, "report.xslt"), XsltSettings.TrustedXslt, new XmlUrlResolver());
        using var reader = XmlReader.Create(new StringReader(xml));
        using var writer = new StringWriter();
        xslt.Transform(reader, null, writer);
        return Content(writer.ToString(), "application/xml");
    }

    [HttpGet("{id}")]
    public async Task<IActionResult> Get(string id)
    {
        try
        {
            var report = await _reports.Find(r => r.Id == id).FirstOrDefaultAsync();
            return report is null ? NotFound() : Ok(report);
        }
        catch (Exception ex)
        {
            // ruleid: csharp.exception-details-in-response
            return StatusCode(500, ex.ToString());
        }
    }

    [HttpDelete("{id}")]
    public async Task<IActionResult> Delete(string id)
    {
        try
        {
            await _reports.DeleteOneAsync(r => r.Id == id);
            return NoContent();
        }
        catch (Exception ex)
        {
            _log.LogError(ex, "delete failed for {Id}", id);
            // ok: csharp.exception-details-in-response
            return Problem("The report could not be deleted.");
        }
    }

    [HttpGet("download")]
    public IActionResult Download([FromQuery] string name)
    {
        // ruleid: csharp.header-injection
        Response.Headers.Add("Content-Disposition", "attachment; filename=\"" + name + "\"");
        return File(Array.Empty<byte>(), "text/csv");
    }
}
