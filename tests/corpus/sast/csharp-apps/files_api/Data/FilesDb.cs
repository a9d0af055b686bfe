// stockade-expect: annotated
using Microsoft.EntityFrameworkCore;

namespace FilesApi.Data;

public class FileRecord
{
    public int Id { get; set; }
    public string Name { get; set; } = "";
    public string Owner { get; set; } = "";
    public string ContentType { get; set; } = "";
}

public class FilesDb : DbContext
{
    public FilesDb(DbContextOptions<FilesDb> options) : base(options) { }

    public DbSet<FileRecord> Files => Set<FileRecord>();

    public List<FileRecord> OwnedBy(string owner)
    {
        // ok: csharp.sql-injection-parameter
        return Files.FromSqlInterpolated($"SELECT * FROM files WHERE owner = {owner}").ToList();
    }

    public List<FileRecord> Sorted(string column)
    {
        // ruleid: csharp.sql-injection-parameter
        return Files.FromSqlRaw($"SELECT * FROM files ORDER BY {column}").ToList();
    }

    public int Rename(int id, string name)
    {
        // ok: csharp.sql-injection-parameter
        return Database.ExecuteSqlRaw("UPDATE files SET name = {0} WHERE id = {1}", name, id);
    }

    public int PurgeType(string contentType)
    {
        // ruleid: csharp.sql-injection-parameter
        return Database.ExecuteSqlRaw("DELETE FROM files WHERE content_type = '" + contentType + "'");
    }
}
