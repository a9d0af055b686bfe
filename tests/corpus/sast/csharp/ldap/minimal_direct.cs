// stockade-expect: vulnerable CWE-90
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();

app.MapGet("/page", (string uid, HttpContext ctx) =>
{
    var value = uid;
    var s = new DirectorySearcher(_root);
    s.Filter = "(uid=" + value + ")";
    return Results.Ok();
});

app.Run();
