// stockade-expect: annotated
using System.DirectoryServices;
using System.Net;
using System.Web;
using Microsoft.Azure.Functions.Worker;
using Microsoft.Azure.Functions.Worker.Http;

namespace Hr.Directory;

public class PeopleDirectory
{
    private const string LdapRoot = "LDAP://dc01.corp.example.com/OU=People,DC=corp,DC=example,DC=com";

    [Function("FindPerson")]
    public async Task<HttpResponseData> Find(
        [HttpTrigger(AuthorizationLevel.Function, "get", Route = "people")] HttpRequestData req)
    {
        var login = HttpUtility.ParseQueryString(req.Url.Query)["login"];
        using var root = new DirectoryEntry(LdapRoot);
        // ruleid: csharp.ldap-injection
        using var searcher = new DirectorySearcher(root, "(&(objectClass=user)(sAMAccountName=" + login + "))");
        var hit = searcher.FindOne();
        var res = req.CreateResponse(hit is null ? HttpStatusCode.NotFound : HttpStatusCode.OK);
        await res.WriteStringAsync(hit?.Path ?? "");
        return res;
    }

    [Function("FindPersonSafe")]
    public async Task<HttpResponseData> FindSafe(
        [HttpTrigger(AuthorizationLevel.Function, "get", Route = "people2")] HttpRequestData req)
    {
        var login = HttpUtility.ParseQueryString(req.Url.Query)["login"] ?? "";
        using var root = new DirectoryEntry(LdapRoot);
        using var searcher = new DirectorySearcher(root);
        // ok: csharp.ldap-injection
        searcher.Filter = "(&(objectClass=user)(sAMAccountName=" + EscapeLdap(login) + "))";
        var hit = searcher.FindOne();
        var res = req.CreateResponse(hit is null ? HttpStatusCode.NotFound : HttpStatusCode.OK);
        return res;
    }

    [Function("FindByMail")]
    public HttpResponseData FindByMail(
        [HttpTrigger(AuthorizationLevel.Function, "get", Route = "people/mail")] HttpRequestData req)
    {
        var mail = HttpUtility.ParseQueryString(req.Url.Query)["mail"];
        using var root = new DirectoryEntry(LdapRoot);
        using var searcher = new DirectorySearcher(root);
        // ruleid: csharp.ldap-injection
        searcher.Filter = $"(mail={mail})";
        return req.CreateResponse(searcher.FindOne() is null ? HttpStatusCode.NotFound : HttpStatusCode.OK);
    }

    private static string EscapeLdap(string value)
    {
        return value.Replace("\\", "\\5c").Replace("*", "\\2a").Replace("(", "\\28").Replace(")", "\\29").Replace("\0", "\\00");
    }
}
