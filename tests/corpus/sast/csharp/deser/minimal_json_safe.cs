// stockade-expect: safe CWE-502
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();

app.MapGet("/page", (string state, HttpContext ctx) =>
{
    var value = state;
    var obj = JsonSerializer.Deserialize<CartState>(Convert.FromBase64String(value));
    return Results.Ok();
});

app.Run();
