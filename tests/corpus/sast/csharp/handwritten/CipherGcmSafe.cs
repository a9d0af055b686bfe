// stockade-expect: safe CWE-327
using System.Security.Cryptography;

public static class CardVault
{
    public static byte[] Encrypt(byte[] key, byte[] nonce, byte[] pan, byte[] tag)
    {
        using var gcm = new AesGcm(key, 16);
        var cipher = new byte[pan.Length];
        gcm.Encrypt(nonce, pan, cipher, tag);
        return cipher;
    }
}
