// stockade-expect: safe CWE-501
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();

app.MapGet("/page", (string role, HttpContext ctx) =>
{
    var value = role;
    value = "default";
    ctx.Session.SetString("role", value);
    return Results.Ok();
});

app.Run();
