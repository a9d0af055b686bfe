// stockade-expect: annotated
using System.Data.SqlClient;
using System.Net;
using System.Web;
using Microsoft.Azure.Functions.Worker;
using Microsoft.Azure.Functions.Worker.Http;
using Microsoft.Extensions.Logging;

namespace Hr.Functions;

public class EmployeeFunctions
{
    private readonly ILogger<EmployeeFunctions> _logger;
    private readonly string _connectionString = Environment.GetEnvironmentVariable("SqlConnection")!;

    public EmployeeFunctions(ILogger<EmployeeFunctions> logger) => _logger = logger;

    [Function("GetEmployee")]
    public async Task<HttpResponseData> GetEmployee(
        [HttpTrigger(AuthorizationLevel.Function, "get", Route = "employees")] HttpRequestData req)
    {
        var query = HttpUtility.ParseQueryString(req.Url.Query);
        var dept = query["dept"];
        using var conn = new SqlConnection(_connectionString);
        conn.Open();
        using var cmd = conn.CreateCommand();
        // ruleid: csharp.sql-injection
        cmd.CommandText = "SELECT id, name FROM employees WHERE dept = '" + dept + "'";
        using var safe = conn.CreateCommand();
        // ok: csharp.sql-injection
        safe.CommandText = "SELECT id, name FROM employees WHERE dept = @dept";
        safe.Parameters.AddWithValue("@dept", dept);
        using var reader = safe.ExecuteReader();
        var res = req.CreateResponse(HttpStatusCode.OK);
        await res.WriteStringAsync(reader.HasRows ? "found" : "none");
        return res;
    }

    [Function("Greeting")]
    public async Task<HttpResponseData> Greeting(
        [HttpTrigger(AuthorizationLevel.Anonymous, "get", Route = "greeting")] HttpRequestData req)
    {
        var name = HttpUtility.ParseQueryString(req.Url.Query)["name"];
        var res = req.CreateResponse(HttpStatusCode.OK);
        res.Headers.Add("Content-Type", "text/html; charset=utf-8");
        // ruleid: csharp.xss
        await res.WriteStringAsync("<html><body>Hello " + name + "</body></html>");
        var encoded = req.CreateResponse(HttpStatusCode.OK);
        encoded.Headers.Add("Content-Type", "text/html; charset=utf-8");
        // ok: csharp.xss
        await encoded.WriteStringAsync("<html><body>Hello " + WebUtility.HtmlEncode(name) + "</body></html>");
        return res;
    }

    [Function("ImportProfile")]
    public async Task<HttpResponseData> ImportProfile(
        [HttpTrigger(AuthorizationLevel.Function, "post", Route = "profiles/import")] HttpRequestData req)
    {
        var body = await new StreamReader(req.Body).ReadToEndAsync();
        // ruleid: csharp.json-type-name-handling
        var profile = Newtonsoft.Json.JsonConvert.DeserializeObject(body, new Newtonsoft.Json.JsonSerializerSettings { TypeNameHandling = Newtonsoft.Json.TypeNameHandling.Auto });
        // ok: csharp.json-type-name-handling
        var plain = Newtonsoft.Json.JsonConvert.DeserializeObject<Profile>(body);
        _logger.LogInformation("Imported {Type}", profile?.GetType().Name ?? plain?.Name);
        return req.CreateResponse(HttpStatusCode.Accepted);
    }

    [Function("Badge")]
    public HttpResponseData Badge(
        [HttpTrigger(AuthorizationLevel.Function, "get", Route = "badge/{employeeId}")] HttpRequestData req,
        string employeeId)
    {
        // ruleid: csharp.path-traversal
        var photo = File.ReadAllBytes("/mnt/badges/" + employeeId + ".png");
        // ok: csharp.path-traversal
        var placeholder = File.ReadAllBytes("/mnt/badges/placeholder.png");
        var res = req.CreateResponse(HttpStatusCode.OK);
        res.WriteBytes(photo.Length > 0 ? photo : placeholder);
        return res;
    }
}

public class Profile
{
    public string Name { get; set; } = "";
}
