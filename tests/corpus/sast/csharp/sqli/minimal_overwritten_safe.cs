// stockade-expect: safe CWE-89
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();

app.MapGet("/page", (string customer, HttpContext ctx) =>
{
    var value = customer;
    value = "default";
    var cmd = new SqlCommand("SELECT * FROM Orders WHERE Customer = '" + value + "'", _conn);
    cmd.ExecuteReader();
    return Results.Ok();
});

app.Run();
