// stockade-expect: annotated
using System.Diagnostics;
using FilesApi.Data;
using FilesApi.Endpoints;
using Microsoft.EntityFrameworkCore;

var builder = WebApplication.CreateBuilder(args);
builder.Services.AddDbContext<FilesDb>(o => o.UseNpgsql(builder.Configuration.GetConnectionString("Files")));
builder.Services.AddHttpClient();
builder.Services.AddCors(o => o.AddDefaultPolicy(p =>
    // ok: csharp.cors-any-origin-with-credentials
    p.AllowAnyOrigin().AllowAnyHeader().AllowAnyMethod()));

var app = builder.Build();
// ruleid: csharp.developer-exception-page
app.UseDeveloperExceptionPage();
app.UseCors();

app.MapGet("/files/{name}", (string name) =>
{
    var path = Path.Combine(app.Configuration["Storage:Root"]!, name);
    // ruleid: csharp.path-traversal
    return Results.File(File.OpenRead(path), "application/octet-stream");
});

app.MapGet("/safe-files/{name}", (string name) =>
{
    var root = Path.GetFullPath(app.Configuration["Storage:Root"]!);
    var full = Path.GetFullPath(Path.Combine(root, name));
    if (!full.StartsWith(root + Path.DirectorySeparatorChar, StringComparison.Ordinal))
    {
        return Results.BadRequest();
    }
    // ok: csharp.path-traversal
    return Results.File(File.OpenRead(full), "application/octet-stream");
});

app.MapPost("/convert", (string input, string format) =>
{
    var psi = new ProcessStartInfo
    {
        FileName = "/bin/sh",
        // ruleid: csharp.command-injection
        Arguments = $"-c \"pandoc {input} -t {format}\"",
        RedirectStandardOutput = true,
    };
    using var proc = Process.Start(psi)!;
    return Results.Text(proc.StandardOutput.ReadToEnd());
});

app.MapPost("/convert-safe", (string input) =>
{
    var psi = new ProcessStartInfo("pandoc") { RedirectStandardOutput = true };
    psi.ArgumentList.Add("--");
    // ok: csharp.command-injection
    psi.ArgumentList.Add(input);
    using var proc = Process.Start(psi)!;
    return Results.Text(proc.StandardOutput.ReadToEnd());
});

app.MapGet("/go", (string to) =>
    // ruleid: csharp.open-redirect
    Results.Redirect(to));

app.MapGet("/docs", (HttpRequest request) =>
{
    string page = request.Query["page"]!;
    // ok: csharp.open-redirect
    return Results.LocalRedirect("/docs/" + Uri.EscapeDataString(page));
});

app.MapFileEndpoints();
app.MapWebhookEndpoints();
app.Run();
