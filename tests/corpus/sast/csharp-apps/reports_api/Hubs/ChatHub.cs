// stockade-expect: annotated
using Microsoft.AspNetCore.SignalR;

namespace Reports.Hubs;

public class ChatHub : Hub
{
    private readonly ILogger<ChatHub> _log;

    public ChatHub(ILogger<ChatHub> log) => _log = log;

    public async Task Send(string room, string message)
    {
        // ruleid: csharp.log-injection
        _log.LogInformation("message in " + room + ": " + message);
        // ok: csharp.log-injection
        _log.LogInformation("message in {Room}", room.Replace("\n", "").Replace("\r", ""));
        await Clients.Group(room).SendAsync("message", message);
    }

    public Task<string> Attachment(string name)
    {
        // ruleid: csharp.path-traversal
        return File.ReadAllTextAsync(Path.Combine("/var/chat/attachments", name));
    }
}
