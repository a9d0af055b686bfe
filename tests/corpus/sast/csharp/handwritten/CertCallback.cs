// stockade-expect: vulnerable CWE-295
public static class PartnerClient
{
    public static HttpClient Create()
    {
        var handler = new HttpClientHandler();
        handler.ServerCertificateCustomValidationCallback = (msg, cert, chain, errors) => true;
        return new HttpClient(handler);
    }
}
