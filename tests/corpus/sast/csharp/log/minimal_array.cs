// stockade-expect: vulnerable CWE-117
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();

app.MapGet("/page", (string user, HttpContext ctx) =>
{
    var opts = new[] { "default", user };
    app.Logger.LogInformation("login failed for " + opts[1]);
    return Results.Ok();
});

app.Run();
