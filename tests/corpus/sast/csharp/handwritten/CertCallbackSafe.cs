// stockade-expect: safe CWE-295
public static class PartnerClient
{
    public static HttpClient Create()
    {
        var handler = new HttpClientHandler();
        handler.ServerCertificateCustomValidationCallback = (msg, cert, chain, errors) => errors == SslPolicyErrors.None;
        return new HttpClient(handler);
    }
}
