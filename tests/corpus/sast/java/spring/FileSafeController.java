// stockade-expect: safe CWE-22
package com.example.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class FileSafeController {
    private static final Path BASE = Paths.get("/srv/files");

    @GetMapping("/files/{name}")
    public byte[] download(@PathVariable String name) throws IOException {
        Path p = BASE.resolve(name).normalize();
        if (!p.startsWith(BASE)) {
            throw new IllegalArgumentException("bad path");
        }
        return Files.readAllBytes(BASE.resolve(Paths.get(name).getFileName().toString()));
    }
}
