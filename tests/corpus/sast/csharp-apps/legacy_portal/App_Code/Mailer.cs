// stockade-expect: annotated
using System.Net;
using System.Net.Mail;
using System.Net.Security;

namespace Portal
{
    public static class Mailer
    {
        static Mailer()
        {
            // ruleid: csharp.cert-validation-always-true
            ServicePointManager.ServerCertificateValidationCallback = delegate { return true; };
            // ruleid: csharp.weak-tls-version
            ServicePointManager.SecurityProtocol = SecurityProtocolType.Tls | SecurityProtocolType.Tls11;
        }

        public static void Send(string to, string subject, string body)
        {
            // ruleid: csharp.cleartext-protocol
            var client = new SmtpClient("mail.corp.local", 25) { EnableSsl = false };
            client.Send(new MailMessage("portal@corp.local", to, subject, body));
        }

        public static void SendSecure(string to, string subject, string body)
        {
            // ok: csharp.cleartext-protocol
            var client = new SmtpClient("mail.corp.local", 587) { EnableSsl = true };
            client.Send(new MailMessage("portal@corp.local", to, subject, body));
        }
    }
}
