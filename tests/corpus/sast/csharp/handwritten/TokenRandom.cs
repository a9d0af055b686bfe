// stockade-expect: vulnerable CWE-338
public static class ResetTokens
{
    private static readonly Random Rng = new Random();

    public static string Create() => Rng.Next(100000, 999999).ToString();
}
