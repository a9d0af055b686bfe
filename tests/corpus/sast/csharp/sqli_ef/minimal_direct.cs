// stockade-expect: vulnerable CWE-89
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();

app.MapGet("/page", (string name, HttpContext ctx) =>
{
    var value = name;
    var rows = _db.Users.FromSqlRaw($"SELECT * FROM Users WHERE Name = '{value}'").ToList();
    return Results.Ok();
});

app.Run();
