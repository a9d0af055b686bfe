// stockade-expect: annotated
using System.Data;
using Dapper;
using Microsoft.AspNetCore.Mvc;
using Shop.Data;
using Shop.Models;

namespace Shop.Controllers;

public class ProductsController : Controller
{
    private readonly ProductRepository _products;
    private readonly IDbConnection _db;
    private readonly ILogger<ProductsController> _logger;

    public ProductsController(ProductRepository products, IDbConnection db, ILogger<ProductsController> logger)
    {
        _products = products;
        _db = db;
        _logger = logger;
    }

    [HttpGet]
    public IActionResult Index(string category, string sort = "name")
    {
        var sql = "SELECT Id, Name, Price FROM Products WHERE Category = @category ORDER BY " + sort;
        // ruleid: csharp.sql-injection
        var items = _db.Query<Product>(sql, new { category });
        return View(items);
    }

    [HttpGet]
    public IActionResult Search([FromQuery] string q)
    {
        // ok: csharp.sql-injection
        var items = _db.Query<Product>("SELECT * FROM Products WHERE Name LIKE @q", new { q = "%" + q + "%" });
        _logger.LogInformation("search for {Query}", q);
        return View("Index", items);
    }

    [HttpGet("products/{id:int}")]
    public IActionResult Details(int id)
    {
        // ok: csharp.sql-injection
        var product = _db.QueryFirstOrDefault<Product>("SELECT * FROM Products WHERE Id = " + id);
        return product == null ? NotFound() : View(product);
    }

    [HttpGet]
    public IActionResult ByBrand(string brand)
    {
        return View("Index", _products.FindByBrand(brand));
    }

    [HttpGet]
    public IActionResult Highlight(string term)
    {
        // ruleid: csharp.xss
        return Content("<p>Results for <b>" + term + "</b></p>", "text/html");
    }

    [HttpGet]
    public IActionResult Preview(string term)
    {
        // ok: csharp.xss
        return Content("<p>Results for <b>" + System.Net.WebUtility.HtmlEncode(term) + "</b></p>", "text/html");
    }

    [HttpGet]
    public IActionResult Image(string file)
    {
        var path = Path.Combine("/srv/shop/images", file);
        // ruleid: csharp.path-traversal
        return PhysicalFile(path, "image/png");
    }

    [HttpGet]
    public IActionResult Thumbnail(string file)
    {
        var path = Path.Combine("/srv/shop/thumbs", Path.GetFileName(file));
        // ok: csharp.path-traversal
        return PhysicalFile(path, "image/png");
    }

    [HttpPost]
    [ValidateAntiForgeryToken]
    public IActionResult Review(int productId, string text)
    {
        _products.AddReview(productId, text);
        return RedirectToAction(nameof(Details), new { id = productId });
    }

    [HttpPost]
    // ruleid: csharp.csrf-token-not-validated
    public IActionResult Delete(int id)
    {
        _products.Delete(id);
        return RedirectToAction(nameof(Index));
    }
}
