// stockade-expect: safe CWE-89
using Dapper;
using Microsoft.AspNetCore.Mvc;

[ApiController]
[Route("api/[controller]")]
public class ProductsApi : ControllerBase
{
    private readonly IDbConnection _db;

    public ProductsApi(IDbConnection db) => _db = db;

    [HttpGet("search")]
    public IActionResult Search([FromQuery] string term, [FromQuery] int page = 1)
    {
        var sql = "SELECT * FROM Products WHERE Name LIKE @term ORDER BY Id OFFSET " + (page * 20) + " ROWS";
        return Ok(_db.Query<Product>(sql, new { term = "%" + term + "%" }));
    }
}
