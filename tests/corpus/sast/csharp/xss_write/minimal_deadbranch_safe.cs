// stockade-expect: safe CWE-79
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();

app.MapGet("/page", (string msg, HttpContext ctx) =>
{
    var value = msg;
    if (false)
    {
        ctx.Response.WriteAsync("<p>" + value + "</p>");
    }
    return Results.Ok();
});

app.Run();
