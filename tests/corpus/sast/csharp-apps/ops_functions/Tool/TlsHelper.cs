// stockade-expect: annotated
using System.Net.Http;
using System.Net.Security;
using System.Security.Authentication;
using System.Security.Cryptography;

namespace Ops.Tool;

public static class TlsHelper
{
    public static HttpClient Insecure()
    {
        var handler = new HttpClientHandler
        {
            // ruleid: csharp.cert-validation-disabled
            ServerCertificateCustomValidationCallback = (message, cert, chain, errors) => true,
            // ok: csharp.weak-tls-version
            SslProtocols = SslProtocols.Tls12 | SslProtocols.Tls13,
        };
        return new HttpClient(handler);
    }

    public static HttpClient Pinned(string thumbprint)
    {
        var handler = new HttpClientHandler
        {
            // ok: csharp.cert-validation-disabled
            ServerCertificateCustomValidationCallback = (message, cert, chain, errors) =>
                errors == SslPolicyErrors.None || cert?.GetCertHashString() == thumbprint,
        };
        return new HttpClient(handler);
    }

    public static byte[] Encrypt(byte[] data, byte[] key)
    {
        using var aes = Aes.Create();
        aes.Key = key;
        // ruleid: csharp.weak-cipher
        aes.Mode = CipherMode.ECB;
        // ruleid: csharp.static-iv
        aes.IV = new byte[16];
        return aes.CreateEncryptor().TransformFinalBlock(data, 0, data.Length);
    }

    public static byte[] EncryptGcm(byte[] data, byte[] key)
    {
        // ok: csharp.static-iv
        var nonce = RandomNumberGenerator.GetBytes(12);
        var tag = new byte[16];
        var cipher = new byte[data.Length];
        using var gcm = new AesGcm(key, 16);
        gcm.Encrypt(nonce, data, cipher, tag);
        return nonce.Concat(cipher).Concat(tag).ToArray();
    }

    public static RSA SigningKey()
    {
        // ruleid: csharp.short-asymmetric-key
        return RSA.Create(1024);
    }

    public static byte[] DeriveKey(string password, byte[] salt)
    {
        // ruleid: csharp.weak-password-kdf
        using var kdf = new Rfc2898DeriveBytes(password, salt);
        return kdf.GetBytes(32);
    }

    public static byte[] DeriveKeyStrong(string password, byte[] salt)
    {
        // ok: csharp.weak-password-kdf
        return Rfc2898DeriveBytes.Pbkdf2(password, salt, 600_000, HashAlgorithmName.SHA256, 32);
    }
}
