// stockade-expect: annotated
using Microsoft.Data.Sqlite;
using MongoDB.Bson;
using MongoDB.Driver;

namespace Blog.Services;

public class PostStore
{
    private readonly string _cs;
    private readonly IMongoCollection<BsonDocument> _views;

    public PostStore(IConfiguration config, IMongoDatabase mongo)
    {
        _cs = config.GetConnectionString("Blog")!;
        _views = mongo.GetCollection<BsonDocument>("views");
    }

    public Post? BySlug(string slug)
    {
        using var conn = new SqliteConnection(_cs);
        conn.Open();
        var cmd = conn.CreateCommand();
        cmd.CommandText = "SELECT title, body FROM posts WHERE slug = $slug";
        cmd.Parameters.AddWithValue("$slug", slug);
        // ok: csharp.sql-injection-parameter
        using var reader = cmd.ExecuteReader();
        return reader.Read() ? new Post { Title = reader.GetString(0), BodyHtml = reader.GetString(1) } : null;
    }

    public int CountByAuthor(string author)
    {
        using var conn = new SqliteConnection(_cs);
        conn.Open();
        var cmd = conn.CreateCommand();
        // ruleid: csharp.sql-injection-parameter
        cmd.CommandText = "SELECT count(*) FROM posts WHERE author = '" + author + "'";
        return Convert.ToInt32(cmd.ExecuteScalar());
    }

    public long ViewsMatching(string expression)
    {
        // ruleid: csharp.nosql-injection
        var filter = new BsonDocument("$where", "this.path.indexOf('" + expression + "') >= 0");
        // ok: csharp.nosql-injection
        var safe = Builders<BsonDocument>.Filter.Eq("path", expression);
        return _views.CountDocuments(filter) + _views.CountDocuments(safe);
    }
}

public class Post
{
    public string Title { get; set; } = "";
    public string BodyHtml { get; set; } = "";
    public string Summary { get; set; } = "";
    public string AuthorSignature { get; set; } = "";
    public List<Comment> Comments { get; set; } = new();
}

public class Comment
{
    public string Author { get; set; } = "";
    public string Text { get; set; } = "";
}
