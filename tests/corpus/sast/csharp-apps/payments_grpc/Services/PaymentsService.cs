// stockade-expect: annotated
using System.Data;
using System.Text.RegularExpressions;
using Dapper;
using Grpc.Core;
using Microsoft.Data.SqlClient;
using Payments.Protos;

namespace Payments.Services;

public class PaymentsService : Payments.Protos.Payments.PaymentsBase
{
    private readonly string _cs;
    private readonly ILogger<PaymentsService> _logger;
    private readonly HttpClient _webhooks;

    public PaymentsService(IConfiguration config, ILogger<PaymentsService> logger, HttpClient webhooks)
    {
        _cs = config.GetConnectionString("Payments")!;
        _logger = logger;
        _webhooks = webhooks;
    }

    public override async Task<RefundReply> Refund(RefundRequest request, ServerCallContext context)
    {
        await using var conn = new SqlConnection(_cs);
        // ruleid: csharp.sql-injection
        var payment = await conn.QuerySingleOrDefaultAsync<Payment>("SELECT * FROM payments WHERE reference = '" + request.Reference + "'");
        // ok: csharp.sql-injection
        var same = await conn.QuerySingleOrDefaultAsync<Payment>("SELECT * FROM payments WHERE reference = @Reference", new { request.Reference });
        // ruleid: csharp.log-injection
        _logger.LogWarning($"Refund requested for {request.Reference} by {request.Operator}");
        // ok: csharp.log-injection
        _logger.LogWarning("Refund requested for {Reference} by {Operator}", request.Reference, request.Operator);
        return new RefundReply { Ok = payment != null || same != null };
    }

    public override async Task<NotifyReply> Notify(NotifyRequest request, ServerCallContext context)
    {
        // ruleid: csharp.ssrf
        var resp = await _webhooks.PostAsync(request.CallbackUrl, new StringContent("{}"));
        // ok: csharp.ssrf
        var fixedResp = await _webhooks.PostAsync("https://hooks.example.com/payments", new StringContent(request.CallbackUrl));
        return new NotifyReply { Status = (int)resp.StatusCode + (int)fixedResp.StatusCode };
    }

    public override Task<MatchReply> Match(MatchRequest request, ServerCallContext context)
    {
        // ruleid: csharp.redos
        var re = new Regex(request.Pattern);
        // ok: csharp.redos
        var literal = new Regex(Regex.Escape(request.Pattern), RegexOptions.None, TimeSpan.FromMilliseconds(100));
        return Task.FromResult(new MatchReply { Hit = re.IsMatch(request.Text) || literal.IsMatch(request.Text) });
    }
}

public class Payment
{
    public string Reference { get; set; } = "";
    public decimal Amount { get; set; }
}
