// stockade-expect: annotated
using System.Data;
using System.Text;
using Dapper;
using Microsoft.Data.SqlClient;
using Shop.Models;

namespace Shop.Data;

public class ProductRepository
{
    private readonly IDbConnection _db;

    public ProductRepository(IDbConnection db) => _db = db;

    public IEnumerable<Product> FindByBrand(string brand)
    {
        // ruleid: csharp.sql-injection-parameter
        return _db.Query<Product>($"SELECT * FROM Products WHERE Brand = '{brand}'");
    }

    public IEnumerable<Product> FindByTag(string tag)
    {
        // ok: csharp.sql-injection-parameter
        return _db.Query<Product>("SELECT p.* FROM Products p JOIN Tags t ON t.ProductId = p.Id WHERE t.Name = @tag", new { tag });
    }

    public void AddReview(int productId, string text)
    {
        using var cmd = (SqlCommand)_db.CreateCommand();
        // ok: csharp.sql-injection-parameter
        cmd.CommandText = "INSERT INTO Reviews (ProductId, Body) VALUES (@p, @b)";
        cmd.Parameters.AddWithValue("@p", productId);
        cmd.Parameters.AddWithValue("@b", text);
        cmd.ExecuteNonQuery();
    }

    public void Delete(int id)
    {
        // ok: csharp.sql-injection-parameter
        _db.Execute("DELETE FROM Products WHERE Id = " + id);
    }

    public int CountWhere(string column, string value)
    {
        var sql = new StringBuilder("SELECT COUNT(*) FROM Products WHERE ");
        sql.Append(column).Append(" = @value");
        // ruleid: csharp.sql-injection-parameter
        return _db.ExecuteScalar<int>(sql.ToString(), new { value });
    }

    public IEnumerable<Product> Page(string orderBy, int page)
    {
        var query = string.Format("SELECT * FROM Products ORDER BY {0} OFFSET {1} ROWS FETCH NEXT 20 ROWS ONLY", orderBy, page * 20);
        // ruleid: csharp.sql-injection-parameter
        return _db.Query<Product>(query);
    }
}
