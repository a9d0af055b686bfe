// stockade-expect: annotated
using System.Data;
using Dapper;
using Microsoft.AspNetCore.Mvc.RazorPages;
using Reports.Models;

namespace Reports.Pages;

public class SearchModel : PageModel
{
    private readonly IDbConnection _db;

    public SearchModel(IDbConnection db) => _db = db;

    public IEnumerable<Report> Results { get; private set; } = Array.Empty<Report>();
    public string Query { get; private set; } = "";

    public void OnGet(string q, string orderBy)
    {
        Query = q;
        // ok: csharp.sql-injection
        Results = _db.Query<Report>("SELECT * FROM Reports WHERE Title LIKE @q ORDER BY Created", new { q = "%" + q + "%" });
        if (!string.IsNullOrEmpty(orderBy))
        {
            // ruleid: csharp.sql-injection
            Results = _db.Query<Report>("SELECT * FROM Reports WHERE Title LIKE @q ORDER BY " + orderBy, new { q = "%" + q + "%" });
        }
    }
}
