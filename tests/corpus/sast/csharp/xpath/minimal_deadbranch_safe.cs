// stockade-expect: safe CWE-643
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();

app.MapGet("/page", (string name, HttpContext ctx) =>
{
    var value = name;
    if (false)
    {
        var n = _doc.SelectSingleNode("//account[name='" + value + "']");
    }
    return Results.Ok();
});

app.Run();
