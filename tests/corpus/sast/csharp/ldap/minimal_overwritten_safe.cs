// stockade-expect: safe CWE-90
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();

app.MapGet("/page", (string uid, HttpContext ctx) =>
{
    var value = uid;
    value = "default";
    var s = new DirectorySearcher(_root);
    s.Filter = "(uid=" + value + ")";
    return Results.Ok();
});

app.Run();
