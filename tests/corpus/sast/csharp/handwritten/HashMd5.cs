// stockade-expect: vulnerable CWE-328
using System.Security.Cryptography;

public static class Passwords
{
    public static byte[] Hash(string password)
    {
        using var md5 = MD5.Create();
        return md5.ComputeHash(Encoding.UTF8.GetBytes(password));
    }
}
