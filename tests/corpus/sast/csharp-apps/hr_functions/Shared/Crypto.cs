// stockade-expect: annotated
using System.Net.Http;
using System.Security.Authentication;
using System.Security.Cryptography;
using System.Text;

namespace Hr.Shared;

public static class Crypto
{
    public static byte[] EncryptSsn(string ssn, byte[] key)
    {
        using var aes = Aes.Create();
        aes.Key = key;
        // ruleid: csharp.weak-cipher
        aes.Mode = CipherMode.ECB;
        using var enc = aes.CreateEncryptor();
        var data = Encoding.UTF8.GetBytes(ssn);
        return enc.TransformFinalBlock(data, 0, data.Length);
    }

    public static byte[] EncryptSsnGcm(string ssn, byte[] key)
    {
        // ok: csharp.weak-cipher
        using var gcm = new AesGcm(key, 16);
        var nonce = RandomNumberGenerator.GetBytes(12);
        var plain = Encoding.UTF8.GetBytes(ssn);
        var cipher = new byte[plain.Length];
        var tag = new byte[16];
        gcm.Encrypt(nonce, plain, cipher, tag);
        return nonce.Concat(cipher).Concat(tag).ToArray();
    }

    public static string HashBadge(string badge)
    {
        // ruleid: csharp.weak-hash
        using var sha = SHA1.Create();
        return Convert.ToHexString(sha.ComputeHash(Encoding.UTF8.GetBytes(badge)));
    }

    public static string HashBadgeStrong(string badge)
    {
        // ok: csharp.weak-hash
        return Convert.ToHexString(SHA256.HashData(Encoding.UTF8.GetBytes(badge)));
    }

    public static HttpClient LegacyPayrollClient()
    {
        var handler = new HttpClientHandler
        {
            // ruleid: csharp.weak-tls-version
            SslProtocols = SslProtocols.Tls | SslProtocols.Tls11,
            // ruleid: csharp.cert-validation-disabled
            ServerCertificateCustomValidationCallback = HttpClientHandler.DangerousAcceptAnyServerCertificateValidator,
        };
        return new HttpClient(handler);
    }

    public static HttpClient PayrollClient()
    {
        var handler = new HttpClientHandler
        {
            // ok: csharp.weak-tls-version
            SslProtocols = SslProtocols.Tls12 | SslProtocols.Tls13,
            // ok: csharp.cert-validation-disabled
            CheckCertificateRevocationList = true,
        };
        return new HttpClient(handler);
    }

    public static string ResetCode()
    {
        // ruleid: csharp.weak-random
        return new Random().Next(100000, 999999).ToString();
    }

    public static string ResetCodeSecure()
    {
        // ok: csharp.weak-random
        return RandomNumberGenerator.GetInt32(100000, 999999).ToString();
    }
}
