// stockade-expect: vulnerable CWE-611
using System.Xml;

public class ImportController : Controller
{
    [HttpPost]
    public IActionResult Upload(string xml)
    {
        var doc = new XmlDocument();
        doc.XmlResolver = new XmlUrlResolver();
        doc.LoadXml(xml);
        return Ok(doc.DocumentElement?.Name);
    }
}
