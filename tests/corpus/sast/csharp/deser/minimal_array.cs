// stockade-expect: vulnerable CWE-502
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();

app.MapGet("/page", (string state, HttpContext ctx) =>
{
    var opts = new[] { "default", state };
    var obj = new BinaryFormatter().Deserialize(new MemoryStream(Convert.FromBase64String(opts[1])));
    return Results.Ok();
});

app.Run();
