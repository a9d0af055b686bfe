// stockade-expect: safe CWE-918
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();

app.MapGet("/page", (string url, HttpContext ctx) =>
{
    var unused = url;
    var value = "reports";
    var body = _http.GetStringAsync(value).Result;
    return Results.Ok();
});

app.Run();
