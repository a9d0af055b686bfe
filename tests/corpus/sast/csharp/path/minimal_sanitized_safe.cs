// stockade-expect: safe CWE-22
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();

app.MapGet("/page", (string doc, HttpContext ctx) =>
{
    var value = Path.GetFileName(doc);
    var text = System.IO.File.ReadAllText(Path.Combine("/srv/docs", value));
    return Results.Ok();
});

app.Run();
