// stockade-expect: annotated
using System.IO.Compression;

namespace FilesApi.Services;

public class ArchiveImporter
{
    private readonly string _root;

    public ArchiveImporter(IConfiguration config) => _root = config["Storage:Root"]!;

    public void Import(Stream upload)
    {
        using var archive = new ZipArchive(upload);
        foreach (var entry in archive.Entries)
        {
            var target = Path.Combine(_root, entry.FullName);
            Directory.CreateDirectory(Path.GetDirectoryName(target)!);
            // ruleid: csharp.zip-slip
            entry.ExtractToFile(target, overwrite: true);
        }
    }

    public void ImportChecked(Stream upload)
    {
        var root = Path.GetFullPath(_root) + Path.DirectorySeparatorChar;
        using var archive = new ZipArchive(upload);
        foreach (var entry in archive.Entries)
        {
            var target = Path.GetFullPath(Path.Combine(root, entry.FullName));
            if (!target.StartsWith(root, StringComparison.Ordinal))
            {
                throw new InvalidDataException("entry outside the target directory");
            }
            // ok: csharp.zip-slip
            entry.ExtractToFile(target, overwrite: true);
        }
    }

    public void ImportAll(Stream upload)
    {
        using var archive = new ZipArchive(upload);
        // ok: csharp.zip-slip
        archive.ExtractToDirectory(_root);
    }
}
