// stockade-expect: vulnerable CWE-94
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();

app.MapGet("/page", (string expr, HttpContext ctx) =>
{
    var opts = new[] { "default", expr };
    var r = CSharpScript.EvaluateAsync(opts[1]).Result;
    return Results.Ok();
});

app.Run();
