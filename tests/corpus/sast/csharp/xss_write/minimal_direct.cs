// stockade-expect: vulnerable CWE-79
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();

app.MapGet("/page", (string msg, HttpContext ctx) =>
{
    var value = msg;
    ctx.Response.WriteAsync("<p>" + value + "</p>");
    return Results.Ok();
});

app.Run();
