// stockade-expect: safe CWE-89
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();

app.MapGet("/page", (string customer, HttpContext ctx) =>
{
    var opts = new[] { "default", customer };
    var cmd = new SqlCommand("SELECT * FROM Orders WHERE Customer = '" + opts[0] + "'", _conn);
    cmd.ExecuteReader();
    return Results.Ok();
});

app.Run();
