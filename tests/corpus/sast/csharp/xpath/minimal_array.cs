// stockade-expect: vulnerable CWE-643
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();

app.MapGet("/page", (string name, HttpContext ctx) =>
{
    var opts = new[] { "default", name };
    var n = _doc.SelectSingleNode("//account[name='" + opts[1] + "']");
    return Results.Ok();
});

app.Run();
