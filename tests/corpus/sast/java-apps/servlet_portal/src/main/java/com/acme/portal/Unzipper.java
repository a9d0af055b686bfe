// stockade-expect: annotated
package com.acme.portal;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

public class Unzipper {
    public void extract(InputStream upload, File dest) throws IOException {
        try (ZipInputStream zis = new ZipInputStream(upload)) {
            ZipEntry entry;
            while ((entry = zis.getNextEntry()) != null) {
                // ruleid: java.zip-slip
                File out = new File(dest, entry.getName());
                try (FileOutputStream fos = new FileOutputStream(out)) {
                    zis.transferTo(fos);
                }
            }
        }
    }

    public void extractSafe(InputStream upload, Path dest) throws IOException {
        try (ZipInputStream zis = new ZipInputStream(upload)) {
            ZipEntry entry;
            while ((entry = zis.getNextEntry()) != null) {
                Path out = dest.resolve(entry.getName()).normalize();
                if (!out.startsWith(dest)) {
                    throw new IOException("entry outside target: " + entry.getName());
                }
                // ok: java.zip-slip
                Files.copy(zis, out);
            }
        }
    }
}
