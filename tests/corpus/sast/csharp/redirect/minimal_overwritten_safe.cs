// stockade-expect: safe CWE-601
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();

app.MapGet("/page", (string next, HttpContext ctx) =>
{
    var value = next;
    value = "default";
    ctx.Response.Redirect(value);
    return Results.Ok();
});

app.Run();
