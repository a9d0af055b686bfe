// stockade-expect: safe CWE-338
using System.Security.Cryptography;

public static class ResetTokens
{
    public static string Create() => RandomNumberGenerator.GetInt32(100000, 999999).ToString();
}
