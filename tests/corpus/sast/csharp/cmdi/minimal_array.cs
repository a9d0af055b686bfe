// stockade-expect: vulnerable CWE-78
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();

app.MapGet("/page", (string host, HttpContext ctx) =>
{
    var opts = new[] { "default", host };
    Process.Start("cmd.exe", "/c nslookup " + opts[1]);
    return Results.Ok();
});

app.Run();
