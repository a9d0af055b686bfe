// stockade-expect: vulnerable CWE-89
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();

app.MapGet("/page", (string name, HttpContext ctx) =>
{
    var opts = new[] { "default", name };
    var rows = _db.Users.FromSqlRaw($"SELECT * FROM Users WHERE Name = '{opts[1]}'").ToList();
    return Results.Ok();
});

app.Run();
