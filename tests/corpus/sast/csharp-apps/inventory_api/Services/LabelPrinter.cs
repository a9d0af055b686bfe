// stockade-expect: annotated
using System.Diagnostics;

namespace Inventory.Services;

public class LabelPrinter
{
    private static readonly HashSet<string> Printers = new() { "zebra-1", "zebra-2" };

    public void Print(string sku, string printerName)
    {
        // ruleid: csharp.command-injection
        Process.Start("/bin/sh", "-c \"lp -d " + printerName + " /var/labels/" + sku + ".zpl\"");
        if (!Printers.Contains(printerName))
        {
            throw new ArgumentException("unknown printer");
        }
        // ok: csharp.command-injection
        Process.Start("lp", new[] { "-d", printerName, "/var/labels/label.zpl" });
    }
}
