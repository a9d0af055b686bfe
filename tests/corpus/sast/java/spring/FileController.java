// stockade-expect: vulnerable CWE-22
package com.example.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class FileController {
    private static final String BASE = "/srv/files/";

    @GetMapping("/files/{name}")
    public byte[] download(@PathVariable String name) throws IOException {
        Path p = Paths.get(BASE + name);
        return Files.readAllBytes(p);
    }
}
