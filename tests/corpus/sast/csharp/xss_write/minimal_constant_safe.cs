// stockade-expect: safe CWE-79
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();

app.MapGet("/page", (string msg, HttpContext ctx) =>
{
    var unused = msg;
    var value = "reports";
    ctx.Response.WriteAsync("<p>" + value + "</p>");
    return Results.Ok();
});

app.Run();
