// stockade-expect: vulnerable CWE-79
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();

app.MapGet("/page", (string msg, HttpContext ctx) =>
{
    var opts = new[] { "default", msg };
    ctx.Response.WriteAsync("<p>" + opts[1] + "</p>");
    return Results.Ok();
});

app.Run();
