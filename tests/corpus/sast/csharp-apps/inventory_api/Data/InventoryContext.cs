// stockade-expect: annotated
using Microsoft.EntityFrameworkCore;

namespace Inventory.Data;

public class InventoryContext : DbContext
{
    public InventoryContext(DbContextOptions<InventoryContext> options) : base(options) { }

    public DbSet<Item> Items => Set<Item>();

    public List<Item> ByTag(string tag)
    {
        // ruleid: csharp.sql-injection-parameter
        return Items.FromSqlRaw($"SELECT * FROM items WHERE tags @> ARRAY['{tag}']").ToList();
    }

    public List<Item> ByTagSafe(string tag)
    {
        // ok: csharp.sql-injection-parameter
        return Items.FromSql($"SELECT * FROM items WHERE tags @> ARRAY[{tag}]").ToList();
    }

    public int PurgeOlderThan(int days)
    {
        // ok: csharp.sql-injection-parameter
        return Database.ExecuteSqlRaw("DELETE FROM items WHERE archived_at < now() - interval '" + days + " days'");
    }

    public IQueryable<Item> SortedBy(string column)
    {
        // ruleid: csharp.sql-injection-parameter
        return Items.FromSqlRaw("SELECT * FROM items ORDER BY " + column);
    }
}

public class Item
{
    public int Id { get; set; }
    public string Sku { get; set; } = "";
    public string Name { get; set; } = "";
}
