// stockade-expect: safe CWE-117
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();

app.MapGet("/page", (string user, HttpContext ctx) =>
{
    var value = user;
    if (false)
    {
        app.Logger.LogInformation("login failed for " + value);
    }
    return Results.Ok();
});

app.Run();
