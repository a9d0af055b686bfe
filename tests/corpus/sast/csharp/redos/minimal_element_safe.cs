// stockade-expect: safe CWE-1333
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();

app.MapGet("/page", (string pattern, HttpContext ctx) =>
{
    var opts = new[] { "default", pattern };
    var re = new Regex(opts[0]);
    return Results.Ok();
});

app.Run();
