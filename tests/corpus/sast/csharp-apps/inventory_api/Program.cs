// stockade-expect: annotated
using System.Data;
using Inventory.Data;
using Inventory.Services;
using Microsoft.EntityFrameworkCore;
using Npgsql;

var builder = WebApplication.CreateBuilder(args);

builder.Services.AddDbContext<InventoryContext>(o =>
    o.UseNpgsql(builder.Configuration.GetConnectionString("Inventory")));
// ruleid: csharp.hardcoded-connection-password
builder.Services.AddScoped<IDbConnection>(_ => new NpgsqlConnection("Host=db;Database=inventory;Username=inv;Password=Inv3ntory!2024"));
// ok: csharp.hardcoded-connection-password
builder.Services.AddScoped<IDbConnection>(_ => new NpgsqlConnection(builder.Configuration.GetConnectionString("Inventory")));
builder.Services.AddSingleton<LabelPrinter>();
builder.Services.AddHttpClient("partners");
builder.Services.AddControllers();

builder.Services.AddCors(options =>
{
    options.AddPolicy("partners", policy =>
        // ruleid: csharp.cors-any-origin-with-credentials
        policy.SetIsOriginAllowed(_ => true).AllowCredentials().AllowAnyHeader());
    options.AddPolicy("public", policy =>
        // ok: csharp.cors-any-origin-with-credentials
        policy.WithOrigins("https://shop.example.com").AllowCredentials().AllowAnyHeader());
});

var app = builder.Build();

if (app.Environment.IsDevelopment())
{
    // ok: csharp.developer-exception-page
    app.UseDeveloperExceptionPage();
}
// ruleid: csharp.developer-exception-page
app.UseDeveloperExceptionPage();

app.UseCors("partners");
app.MapControllers();
app.Run();
