// stockade-expect: annotated
using System.Text;
using Blog.Services;
using Microsoft.AspNetCore.Authentication.JwtBearer;
using Microsoft.IdentityModel.Tokens;

var builder = WebApplication.CreateBuilder(args);
builder.Services.AddRazorPages();
builder.Services.AddSingleton<PostStore>();

builder.Services.AddAuthentication(JwtBearerDefaults.AuthenticationScheme)
    .AddJwtBearer(o =>
    {
        o.TokenValidationParameters = new TokenValidationParameters
        {
            // ruleid: csharp.jwt-validation-disabled
            ValidateLifetime = false,
            // ok: csharp.jwt-validation-disabled
            ValidateIssuerSigningKey = true,
            // ruleid: csharp.hardcoded-signing-key
            IssuerSigningKey = new SymmetricSecurityKey(Encoding.UTF8.GetBytes("blog-signing-key-please-change-me-32b")),
        };
    });

builder.Services.AddAuthentication("admin")
    .AddJwtBearer("admin", o =>
    {
        o.TokenValidationParameters = new TokenValidationParameters
        {
            // ok: csharp.hardcoded-signing-key
            IssuerSigningKey = new SymmetricSecurityKey(Encoding.UTF8.GetBytes(builder.Configuration["Jwt:Key"]!)),
        };
    });

builder.Services.AddSession(o =>
{
    // ruleid: csharp.cookie-insecure
    o.Cookie.SecurePolicy = CookieSecurePolicy.None;
    // ok: csharp.cookie-insecure
    o.Cookie.HttpOnly = true;
});

var app = builder.Build();
app.UseSession();
app.MapRazorPages();

app.MapGet("/preview", (string html) =>
    // ruleid: csharp.xss
    Results.Content("<div class=preview>" + html + "</div>", "text/html"));
app.MapGet("/preview-text", (string html) =>
    // ok: csharp.xss
    Results.Content("<div class=preview>" + html + "</div>", "text/plain"));

app.Run();
