// stockade-expect: vulnerable CWE-327
using System.Security.Cryptography;

public static class CardVault
{
    public static byte[] Encrypt(byte[] key, byte[] pan)
    {
        using var aes = Aes.Create();
        aes.Key = key;
        aes.Mode = CipherMode.ECB;
        return aes.CreateEncryptor().TransformFinalBlock(pan, 0, pan.Length);
    }
}
