// stockade-expect: vulnerable CWE-347
public static class Auth
{
    public static void Configure(JwtBearerOptions o)
    {
        o.TokenValidationParameters = new TokenValidationParameters
        {
            ValidateIssuer = false,
            ValidateAudience = false,
            RequireSignedTokens = false,
        };
    }
}
