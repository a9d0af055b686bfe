// stockade-expect: safe CWE-79
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();

app.MapGet("/page", (string title, HttpContext ctx) =>
{
    var unused = title;
    var value = "reports";
    var html = new HtmlString("<h2>" + value + "</h2>");
    return Results.Ok();
});

app.Run();
