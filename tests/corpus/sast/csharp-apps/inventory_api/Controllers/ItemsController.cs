// stockade-expect: annotated
using System.Data;
using Dapper;
using Inventory.Data;
using Inventory.Services;
using Microsoft.AspNetCore.Mvc;
using Microsoft.EntityFrameworkCore;
using Npgsql;

namespace Inventory.Controllers;

[ApiController]
[Route("api/[controller]")]
public class ItemsController : ControllerBase
{
    private readonly InventoryContext _db;
    private readonly IDbConnection _conn;
    private readonly ILogger<ItemsController> _logger;
    private readonly string _connectionString;

    public ItemsController(InventoryContext db, IDbConnection conn, ILogger<ItemsController> logger, IConfiguration config)
    {
        _db = db;
        _conn = conn;
        _logger = logger;
        _connectionString = config.GetConnectionString("Inventory")!;
    }

    [HttpGet("by-sku/{sku}")]
    public async Task<IActionResult> BySku([FromRoute] string sku)
    {
        // ruleid: csharp.sql-injection
        var item = await _conn.QueryFirstOrDefaultAsync<Item>($"SELECT * FROM items WHERE sku = '{sku}'");
        // ok: csharp.sql-injection
        var same = await _conn.QueryFirstOrDefaultAsync<Item>("SELECT * FROM items WHERE sku = @sku", new { sku });
        return item is null ? NotFound() : Ok(same);
    }

    [HttpGet("search")]
    public IActionResult Search([FromQuery] string term, [FromQuery] string orderBy = "name")
    {
        // ruleid: csharp.sql-injection
        var rows = _db.Items.FromSqlRaw("SELECT * FROM items WHERE name ILIKE '%" + term + "%' ORDER BY " + orderBy).ToList();
        // ok: csharp.sql-injection
        var safe = _db.Items.FromSqlInterpolated($"SELECT * FROM items WHERE name ILIKE {"%" + term + "%"}").ToList();
        return Ok(rows.Concat(safe));
    }

    [HttpPost("{id:int}/archive")]
    public IActionResult Archive(int id, [FromBody] ArchiveRequest body)
    {
        // ruleid: csharp.sql-injection
        _db.Database.ExecuteSqlRaw("UPDATE items SET archived = true, reason = '" + body.Reason + "' WHERE id = " + id);
        // ok: csharp.sql-injection
        _db.Database.ExecuteSqlRaw("UPDATE items SET archived = true, reason = {0} WHERE id = {1}", body.Reason, id);
        return NoContent();
    }

    [HttpGet("stock")]
    public async Task<IActionResult> Stock(string warehouse)
    {
        await using var conn = new NpgsqlConnection(_connectionString);
        await conn.OpenAsync();
        // ruleid: csharp.sql-injection
        await using var cmd = new NpgsqlCommand("SELECT sku, qty FROM stock WHERE warehouse = '" + warehouse + "'", conn);
        // ok: csharp.sql-injection
        await using var safeCmd = new NpgsqlCommand("SELECT sku, qty FROM stock WHERE warehouse = @w", conn);
        safeCmd.Parameters.AddWithValue("w", warehouse);
        var result = new List<object>();
        await using var reader = await safeCmd.ExecuteReaderAsync();
        while (await reader.ReadAsync()) result.Add(new { Sku = reader.GetString(0), Qty = reader.GetInt32(1) });
        return Ok(result);
    }

    [HttpGet("report")]
    public async Task<IActionResult> Report(string category)
    {
        var sql = "SELECT category, count(*) FROM items";
        if (!string.IsNullOrEmpty(category))
        {
            sql += " WHERE category = '" + category + "'";
        }
        // ruleid: csharp.sql-injection
        var rows = await _conn.QueryAsync(sql + " GROUP BY category");
        // ok: csharp.sql-injection
        var totals = await _conn.QueryAsync("SELECT category, count(*) FROM items WHERE category = @category GROUP BY category", new { category });
        return Ok(rows.Concat(totals));
    }

    [HttpPut("{id:int}/note")]
    public IActionResult Note(int id, [FromBody] NoteDto note)
    {
        // ruleid: csharp.log-injection
        _logger.LogInformation("Note on item " + id + ": " + note.Text);
        // ok: csharp.log-injection
        _logger.LogInformation("Note on item {Id}: {Text}", id, note.Text);
        return NoContent();
    }
}

public record ArchiveRequest(string Reason);
public record NoteDto(string Text);
