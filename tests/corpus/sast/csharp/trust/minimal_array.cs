// stockade-expect: vulnerable CWE-501
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();

app.MapGet("/page", (string role, HttpContext ctx) =>
{
    var opts = new[] { "default", role };
    ctx.Session.SetString("role", opts[1]);
    return Results.Ok();
});

app.Run();
