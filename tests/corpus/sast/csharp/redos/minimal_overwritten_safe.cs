// stockade-expect: safe CWE-1333
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();

app.MapGet("/page", (string pattern, HttpContext ctx) =>
{
    var value = pattern;
    value = "default";
    var re = new Regex(value);
    return Results.Ok();
});

app.Run();
