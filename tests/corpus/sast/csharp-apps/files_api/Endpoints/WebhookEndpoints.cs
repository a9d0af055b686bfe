// stockade-expect: annotated
using System.Net.Http.Json;
using FilesApi.Services;

namespace FilesApi.Endpoints;

public record WebhookRequest(string CallbackUrl, string Event);

public static class WebhookEndpoints
{
    private static readonly HashSet<string> AllowedHosts = new() { "hooks.example.com", "ci.example.com" };

    public static void MapWebhookEndpoints(this WebApplication app)
    {
        app.MapPost("/api/webhooks/test", async (WebhookRequest body, IHttpClientFactory factory) =>
        {
            var client = factory.CreateClient();
            // ruleid: csharp.ssrf
            var response = await client.PostAsJsonAsync(body.CallbackUrl, new { ping = true });
            return Results.Ok((int)response.StatusCode);
        });

        app.MapGet("/api/avatar", async (string url, IHttpClientFactory factory) =>
        {
            var uri = new Uri(url, UriKind.Absolute);
            if (!AllowedHosts.Contains(uri.Host))
            {
                return Results.BadRequest();
            }
            var client = factory.CreateClient();
            // ok: csharp.ssrf
            var bytes = await client.GetByteArrayAsync("https://" + uri.Host + "/avatar.png");
            return Results.File(bytes, "image/png");
        });

        app.MapGet("/api/status", async (string service, HttpClient http) =>
        {
            // ok: csharp.ssrf
            var text = await http.GetStringAsync("https://status.example.com/api/" + Uri.EscapeDataString(service));
            return Results.Text(text);
        });

        app.MapGet("/api/fetch", async (string target, HttpClient http) =>
        {
            var request = new HttpRequestMessage(HttpMethod.Get, target);
            // ruleid: csharp.ssrf
            var response = await http.SendAsync(request);
            return Results.Text(await response.Content.ReadAsStringAsync());
        });
    }
}
