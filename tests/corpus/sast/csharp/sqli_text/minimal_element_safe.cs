// stockade-expect: safe CWE-89
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();

app.MapGet("/page", (string token, HttpContext ctx) =>
{
    var opts = new[] { "default", token };
    var cmd = _conn.CreateCommand();
    cmd.CommandText = "DELETE FROM Carts WHERE Token = '" + opts[0] + "'";
    cmd.ExecuteNonQuery();
    return Results.Ok();
});

app.Run();
