// stockade-expect: vulnerable CWE-601
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();

app.MapGet("/page", (string next, HttpContext ctx) =>
{
    var opts = new[] { "default", next };
    ctx.Response.Redirect(opts[1]);
    return Results.Ok();
});

app.Run();
