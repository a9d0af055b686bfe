// stockade-expect: annotated
using System;
using System.IO;
using System.Runtime.Serialization.Formatters.Binary;
using System.Web.UI;
using System.Xml;

namespace Portal.Pages
{
    public partial class Restore : Page
    {
        protected void Upload_Click(object sender, EventArgs e)
        {
            // ruleid: csharp.binary-formatter
            var formatter = new BinaryFormatter();
            // ruleid: csharp.insecure-deserialization-input
            var state = formatter.Deserialize(Request.InputStream);
            Session["draft"] = state;
        }

        protected void Import_Click(object sender, EventArgs e)
        {
            var doc = new XmlDocument();
            // ruleid: csharp.xxe
            doc.XmlResolver = new XmlUrlResolver();
            doc.Load(Request.InputStream);
            lblCount.Text = doc.DocumentElement.ChildNodes.Count.ToString();
        }

        protected void Preview_Click(object sender, EventArgs e)
        {
            // ok: csharp.xxe
            var settings = new XmlReaderSettings { DtdProcessing = DtdProcessing.Prohibit, XmlResolver = null };
            using (var reader = XmlReader.Create(Request.InputStream, settings))
            {
                var doc = new XmlDocument();
                doc.Load(reader);
            }
        }

        protected void Report_Click(object sender, EventArgs e)
        {
            var name = Request.QueryString["report"];
            // ruleid: csharp.path-traversal
            var bytes = File.ReadAllBytes(@"D:\Reports\" + name);
            Response.BinaryWrite(bytes);
        }
    }
}
