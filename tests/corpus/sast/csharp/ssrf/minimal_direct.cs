// stockade-expect: vulnerable CWE-918
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();

app.MapGet("/page", (string url, HttpContext ctx) =>
{
    var value = url;
    var body = _http.GetStringAsync(value).Result;
    return Results.Ok();
});

app.Run();
