// stockade-expect: vulnerable CWE-90
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();

app.MapGet("/page", (string uid, HttpContext ctx) =>
{
    var opts = new[] { "default", uid };
    var s = new DirectorySearcher(_root);
    s.Filter = "(uid=" + opts[1] + ")";
    return Results.Ok();
});

app.Run();
