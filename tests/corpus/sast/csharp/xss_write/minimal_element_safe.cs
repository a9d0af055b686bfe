// stockade-expect: safe CWE-79
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();

app.MapGet("/page", (string msg, HttpContext ctx) =>
{
    var opts = new[] { "default", msg };
    ctx.Response.WriteAsync("<p>" + opts[0] + "</p>");
    return Results.Ok();
});

app.Run();
