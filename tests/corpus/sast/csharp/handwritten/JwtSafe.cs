// stockade-expect: safe CWE-347
public static class Auth
{
    public static void Configure(JwtBearerOptions o, SecurityKey key)
    {
        o.TokenValidationParameters = new TokenValidationParameters
        {
            ValidateIssuer = true,
            ValidateIssuerSigningKey = true,
            IssuerSigningKey = key,
        };
    }
}
