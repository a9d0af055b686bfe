// stockade-expect: annotated
using Microsoft.AspNetCore.Authentication.JwtBearer;
using Microsoft.IdentityModel.Tokens;

var builder = WebApplication.CreateBuilder(args);
builder.Services.AddControllersWithViews();
builder.Services.AddCors(options =>
{
    options.AddPolicy("partners", policy =>
        // ruleid: csharp.cors-any-origin-with-credentials
        policy.SetIsOriginAllowed(origin => true)
              .AllowAnyHeader()
              .AllowCredentials());
    options.AddPolicy("public", policy =>
        // ok: csharp.cors-any-origin-with-credentials
        policy.WithOrigins("https://shop.example.com").AllowAnyHeader().AllowCredentials());
});
builder.Services.AddAuthentication(JwtBearerDefaults.AuthenticationScheme)
    .AddJwtBearer(o =>
    {
        o.TokenValidationParameters = new TokenValidationParameters
        {
            ValidateIssuerSigningKey = true,
            // ruleid: csharp.jwt-validation-disabled
            ValidateLifetime = false,
            ValidIssuer = "shop",
        };
    });
builder.Services.AddSession(o =>
{
    // ok: csharp.http-only-false-options
    o.Cookie.SecurePolicy = CookieSecurePolicy.Always;
    o.Cookie.HttpOnly = true;
});

var app = builder.Build();
if (app.Environment.IsDevelopment())
{
    // ok: csharp.developer-exception-page
    app.UseDeveloperExceptionPage();
}
app.UseHsts();
app.UseSession();
app.UseCors("public");
app.MapDefaultControllerRoute();
app.Run();
