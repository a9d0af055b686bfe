// stockade-expect: safe CWE-89
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();

app.MapGet("/page", (string token, HttpContext ctx) =>
{
    var unused = token;
    var value = "reports";
    var cmd = _conn.CreateCommand();
    cmd.CommandText = "DELETE FROM Carts WHERE Token = '" + value + "'";
    cmd.ExecuteNonQuery();
    return Results.Ok();
});

app.Run();
