// stockade-expect: annotated
using System.Diagnostics;
using System.Text;
using System.Text.Json;
using RabbitMQ.Client;
using RabbitMQ.Client.Events;

namespace Helpdesk.Worker;

public class TicketConsumer : BackgroundService
{
    private readonly IModel _channel;
    private readonly ILogger<TicketConsumer> _logger;

    public TicketConsumer(IModel channel, ILogger<TicketConsumer> logger)
    {
        _channel = channel;
        _logger = logger;
    }

    protected override Task ExecuteAsync(CancellationToken stoppingToken)
    {
        var consumer = new EventingBasicConsumer(_channel);
        consumer.Received += (model, ea) =>
        {
            var text = Encoding.UTF8.GetString(ea.Body.ToArray());
            var job = JsonSerializer.Deserialize<AttachmentJob>(text)!;
            // ruleid: csharp.command-injection
            Process.Start("/bin/bash", "-c \"clamscan /data/attachments/" + job.FileName + "\"");
            // ok: csharp.command-injection
            Process.Start("clamscan", new[] { "--no-summary", "/data/attachments/" + Path.GetFileName(job.FileName) });
            // ruleid: csharp.path-traversal
            File.Delete("/data/attachments/" + job.FileName);
            // ok: csharp.path-traversal
            File.Delete(Path.Combine("/data/attachments", Path.GetFileName(job.FileName)));
        };
        _channel.BasicConsume("attachments", autoAck: true, consumer: consumer);
        return Task.CompletedTask;
    }
}

public record AttachmentJob(string FileName);
