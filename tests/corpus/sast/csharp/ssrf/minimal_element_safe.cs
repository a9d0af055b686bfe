// stockade-expect: safe CWE-918
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();

app.MapGet("/page", (string url, HttpContext ctx) =>
{
    var opts = new[] { "default", url };
    var body = _http.GetStringAsync(opts[0]).Result;
    return Results.Ok();
});

app.Run();
