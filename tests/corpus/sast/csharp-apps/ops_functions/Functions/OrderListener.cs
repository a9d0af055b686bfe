// stockade-expect: annotated
using System.Diagnostics;
using Azure.Messaging.ServiceBus;
using Microsoft.Extensions.Hosting;

namespace Ops.Functions;

public class OrderListener : BackgroundService
{
    private readonly ServiceBusProcessor _processor;

    public OrderListener(ServiceBusClient client)
    {
        _processor = client.CreateProcessor("orders");
        _processor.ProcessMessageAsync += OnMessage;
        _processor.ProcessErrorAsync += _ => Task.CompletedTask;
    }

    protected override Task ExecuteAsync(CancellationToken stoppingToken) => _processor.StartProcessingAsync(stoppingToken);

    private static async Task OnMessage(ProcessMessageEventArgs args)
    {
        string sku = args.Message.Body.ToString();
        // ruleid: csharp.command-injection
        Process.Start("/usr/local/bin/restock", "--sku " + sku + " --notify");
        // ok: csharp.command-injection
        Process.Start("/usr/local/bin/restock", "--all");
        await args.CompleteMessageAsync(args.Message);
    }
}
