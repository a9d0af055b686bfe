// stockade-expect: safe CWE-611
using System.Xml;

public class ImportController : Controller
{
    [HttpPost]
    public IActionResult Upload(string xml)
    {
        var doc = new XmlDocument { XmlResolver = null };
        doc.LoadXml(xml);
        return Ok(doc.DocumentElement?.Name);
    }
}
