// stockade-expect: safe CWE-78
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();

app.MapGet("/page", (string host, HttpContext ctx) =>
{
    var value = host;
    value = "default";
    Process.Start("cmd.exe", "/c nslookup " + value);
    return Results.Ok();
});

app.Run();
