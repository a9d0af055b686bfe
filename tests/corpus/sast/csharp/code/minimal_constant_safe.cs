// stockade-expect: safe CWE-94
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();

app.MapGet("/page", (string expr, HttpContext ctx) =>
{
    var unused = expr;
    var value = "reports";
    var r = CSharpScript.EvaluateAsync(value).Result;
    return Results.Ok();
});

app.Run();
