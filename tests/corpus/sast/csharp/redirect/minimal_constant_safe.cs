// stockade-expect: safe CWE-601
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();

app.MapGet("/page", (string next, HttpContext ctx) =>
{
    var unused = next;
    var value = "reports";
    ctx.Response.Redirect(value);
    return Results.Ok();
});

app.Run();
