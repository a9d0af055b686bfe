// stockade-expect: vulnerable CWE-502
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();

app.MapGet("/page", (string state, HttpContext ctx) =>
{
    var value = state;
    var obj = new BinaryFormatter().Deserialize(new MemoryStream(Convert.FromBase64String(value)));
    return Results.Ok();
});

app.Run();
