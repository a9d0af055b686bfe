// stockade-expect: safe CWE-328
using System.Security.Cryptography;

public static class Passwords
{
    public static byte[] Hash(string password, byte[] salt)
    {
        return Rfc2898DeriveBytes.Pbkdf2(password, salt, 600000, HashAlgorithmName.SHA256, 32);
    }
}
