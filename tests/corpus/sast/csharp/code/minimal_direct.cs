// stockade-expect: vulnerable CWE-94
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();

app.MapGet("/page", (string expr, HttpContext ctx) =>
{
    var value = expr;
    var r = CSharpScript.EvaluateAsync(value).Result;
    return Results.Ok();
});

app.Run();
