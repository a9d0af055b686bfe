// stockade-expect: safe CWE-918
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();

app.MapGet("/page", (string url, HttpContext ctx) =>
{
    var value = url;
    if (false)
    {
        var body = _http.GetStringAsync(value).Result;
    }
    return Results.Ok();
});

app.Run();
