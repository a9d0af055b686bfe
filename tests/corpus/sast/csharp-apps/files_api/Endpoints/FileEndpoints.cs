// stockade-expect: annotated
using FilesApi.Data;
using Microsoft.AspNetCore.Mvc;
using Microsoft.EntityFrameworkCore;

namespace FilesApi.Endpoints;

public static class FileEndpoints
{
    public static void MapFileEndpoints(this WebApplication app)
    {
        app.MapGet("/api/files", async (FilesDb db, string? owner) =>
        {
            // ok: csharp.sql-injection
            var rows = await db.Files.Where(f => f.Owner == owner).ToListAsync();
            return Results.Ok(rows);
        });

        app.MapGet("/api/files/search", async (FilesDb db, [FromQuery] string name) =>
        {
            // ruleid: csharp.sql-injection
            var rows = await db.Files.FromSqlRaw("SELECT * FROM files WHERE name LIKE '%" + name + "%'").ToListAsync();
            return Results.Ok(rows);
        });

        app.MapGet("/api/files/sorted", (FilesDb db, string column) =>
            Results.Ok(db.Sorted(column)));

        app.MapDelete("/api/files/type/{contentType}", (FilesDb db, string contentType) =>
            Results.Ok(db.PurgeType(contentType)));

        app.MapGet("/api/files/{id:int}", async (FilesDb db, int id) =>
        {
            // ok: csharp.sql-injection
            var row = await db.Files.FromSqlRaw("SELECT * FROM files WHERE id = " + id).FirstOrDefaultAsync();
            return row is null ? Results.NotFound() : Results.Ok(row);
        });

        app.MapGet("/api/preview", async (HttpContext ctx) =>
        {
            var title = ctx.Request.Query["title"];
            ctx.Response.ContentType = "text/html";
            // ruleid: csharp.xss
            await ctx.Response.WriteAsync($"<html><h1>{title}</h1></html>");
        });

        app.MapGet("/api/preview-safe", async (HttpContext ctx) =>
        {
            var title = ctx.Request.Query["title"].ToString();
            ctx.Response.ContentType = "text/html";
            // ok: csharp.xss
            await ctx.Response.WriteAsync($"<html><h1>{System.Text.Encodings.Web.HtmlEncoder.Default.Encode(title)}</h1></html>");
        });
    }
}
