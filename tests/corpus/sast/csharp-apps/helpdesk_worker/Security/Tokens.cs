// stockade-expect: annotated
using System.IdentityModel.Tokens.Jwt;
using System.Security.Cryptography;
using System.Text;
using Microsoft.IdentityModel.Tokens;

namespace Helpdesk.Security;

public static class Tokens
{
    private static readonly byte[] Iv = Encoding.ASCII.GetBytes("0123456789abcdef");

    public static byte[] Seal(byte[] key, string text)
    {
        using var aes = Aes.Create();
        aes.Key = key;
        // ruleid: csharp.static-iv
        aes.IV = Iv;
        using var enc = aes.CreateEncryptor();
        var data = Encoding.UTF8.GetBytes(text);
        return enc.TransformFinalBlock(data, 0, data.Length);
    }

    public static byte[] SealRandomIv(byte[] key, string text)
    {
        using var aes = Aes.Create();
        aes.Key = key;
        // ok: csharp.static-iv
        aes.GenerateIV();
        using var enc = aes.CreateEncryptor();
        var data = Encoding.UTF8.GetBytes(text);
        return aes.IV.Concat(enc.TransformFinalBlock(data, 0, data.Length)).ToArray();
    }

    public static byte[] DeriveKey(string password, byte[] salt)
    {
        // ruleid: csharp.weak-password-kdf
        using var kdf = new Rfc2898DeriveBytes(password, salt, 1000);
        return kdf.GetBytes(32);
    }

    public static byte[] DeriveKeyStrong(string password, byte[] salt)
    {
        // ok: csharp.weak-password-kdf
        return Rfc2898DeriveBytes.Pbkdf2(password, salt, 600_000, HashAlgorithmName.SHA256, 32);
    }

    public static byte[] LegacyEncrypt(byte[] key, byte[] data)
    {
        // ruleid: csharp.weak-cipher
        using var des = DES.Create();
        des.Key = key;
        return des.CreateEncryptor().TransformFinalBlock(data, 0, data.Length);
    }

    public static RSA SigningKey()
    {
        // ruleid: csharp.short-asymmetric-key
        return RSA.Create(1024);
    }

    public static RSA StrongSigningKey()
    {
        // ok: csharp.short-asymmetric-key
        return RSA.Create(3072);
    }

    public static string? UserOf(string jwt)
    {
        // ruleid: csharp.jwt-read-without-validation
        var token = new JwtSecurityTokenHandler().ReadJwtToken(jwt);
        return token.Subject;
    }

    public static TokenValidationParameters Parameters(SecurityKey key) => new()
    {
        IssuerSigningKey = key,
        // ruleid: csharp.jwt-issuer-audience-not-validated
        ValidateIssuer = false,
        // ok: csharp.jwt-issuer-audience-not-validated
        ValidateAudience = true,
        ValidAudience = "helpdesk",
    };
}
