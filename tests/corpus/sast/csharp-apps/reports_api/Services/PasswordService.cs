// stockade-expect: annotated
using System.Security.Cryptography;
using System.Text;
using Microsoft.AspNetCore.Identity;

namespace Reports.Services;

public class PasswordService
{
    private readonly PasswordHasher<object> _hasher = new();

    public string HashFast(string password)
    {
        // ruleid: csharp.password-fast-hash
        var digest = SHA256.HashData(Encoding.UTF8.GetBytes(password));
        return Convert.ToBase64String(digest);
    }

    public string Hash(object user, string password)
    {
        // ok: csharp.password-fast-hash
        return _hasher.HashPassword(user, password);
    }

    public string Etag(string body)
    {
        // ok: csharp.password-fast-hash
        return Convert.ToHexString(SHA256.HashData(Encoding.UTF8.GetBytes(body)));
    }

    public string LegacyConnection()
    {
        // ruleid: csharp.hardcoded-connection-password
        return "Server=reports-db;Database=Reports;User Id=reports;Password=R3ports!2020;TrustServerCertificate=True";
    }

    public string Connection(IConfiguration config)
    {
        // ok: csharp.hardcoded-connection-password
        return config.GetConnectionString("Reports")!;
    }
}
