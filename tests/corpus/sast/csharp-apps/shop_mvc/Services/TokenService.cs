// stockade-expect: annotated
using System.IdentityModel.Tokens.Jwt;
using System.Security.Claims;
using System.Security.Cryptography;
using System.Text;
using Microsoft.IdentityModel.Tokens;

namespace Shop.Services;

public class TokenService
{
    private static readonly Random Rng = new Random();
    private readonly IConfiguration _config;

    public TokenService(IConfiguration config) => _config = config;

    public string NewResetCode()
    {
        // ruleid: csharp.weak-random
        return Rng.Next(100000, 999999).ToString();
    }

    public string NewApiKey()
    {
        // ok: csharp.weak-random
        return Convert.ToBase64String(RandomNumberGenerator.GetBytes(32));
    }

    public TimeSpan RetryDelay(int attempt)
    {
        // ok: csharp.weak-random
        var jitter = Random.Shared.Next(0, 500);
        return TimeSpan.FromMilliseconds(Math.Pow(2, attempt) * 100 + jitter);
    }

    public string Issue(ClaimsPrincipal user)
    {
        // ruleid: csharp.hardcoded-signing-key
        var key = new SymmetricSecurityKey(Encoding.UTF8.GetBytes("shop-jwt-signing-key-please-change-me"));
        var creds = new SigningCredentials(key, SecurityAlgorithms.HmacSha256);
        var token = new JwtSecurityToken("shop", "shop", user.Claims, expires: DateTime.UtcNow.AddHours(1), signingCredentials: creds);
        return new JwtSecurityTokenHandler().WriteToken(token);
    }

    public string IssueFromConfig(ClaimsPrincipal user)
    {
        // ok: csharp.hardcoded-signing-key
        var key = new SymmetricSecurityKey(Encoding.UTF8.GetBytes(_config["Jwt:Key"]!));
        var creds = new SigningCredentials(key, SecurityAlgorithms.HmacSha256);
        return new JwtSecurityTokenHandler().WriteToken(new JwtSecurityToken("shop", "shop", user.Claims, signingCredentials: creds));
    }

    public string HashLegacy(string password)
    {
        // ruleid: csharp.weak-hash
        using var md5 = MD5.Create();
        return Convert.ToHexString(md5.ComputeHash(Encoding.UTF8.GetBytes(password)));
    }

    public string Fingerprint(byte[] document)
    {
        // ok: csharp.weak-hash
        return Convert.ToHexString(SHA256.HashData(document));
    }
}
