// stockade-expect: annotated
using System;
using System.DirectoryServices;
using System.Web.UI;

namespace Portal.Pages
{
    public partial class Directory : Page
    {
        protected void Lookup_Click(object sender, EventArgs e)
        {
            var root = new DirectoryEntry("LDAP://dc01.corp.local/DC=corp,DC=local");
            var searcher = new DirectorySearcher(root);
            // ruleid: csharp.ldap-injection
            searcher.Filter = "(&(objectClass=user)(sAMAccountName=" + Request.Form["account"] + "))";
            var result = searcher.FindOne();
            lblName.Text = result?.Properties["displayName"][0]?.ToString();
        }

        protected void Groups_Click(object sender, EventArgs e)
        {
            // ruleid: csharp.ldap-anonymous-bind
            var root = new DirectoryEntry("LDAP://dc01.corp.local", null, null, AuthenticationTypes.None);
            var searcher = new DirectorySearcher(root);
            // ok: csharp.ldap-injection
            searcher.Filter = "(objectClass=group)";
            Groups.DataSource = searcher.FindAll();
            Groups.DataBind();
        }
    }
}
