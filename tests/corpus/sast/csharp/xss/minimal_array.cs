// stockade-expect: vulnerable CWE-79
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();

app.MapGet("/page", (string title, HttpContext ctx) =>
{
    var opts = new[] { "default", title };
    var html = new HtmlString("<h2>" + opts[1] + "</h2>");
    return Results.Ok();
});

app.Run();
