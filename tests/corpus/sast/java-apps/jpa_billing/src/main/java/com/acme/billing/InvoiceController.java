// stockade-expect: annotated
package com.acme.billing;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.*;

@Controller
@RequestMapping("/invoices")
public class InvoiceController {
    private static final Path EXPORT_DIR = Paths.get("/var/billing/exports");
    private final InvoiceRepositoryImpl invoices;

    public InvoiceController(InvoiceRepositoryImpl invoices) {
        this.invoices = invoices;
    }

    @GetMapping("/export")
    @ResponseBody
    public byte[] export(@RequestParam String file) throws Exception {
        // ruleid: java.path-traversal
        return Files.readAllBytes(EXPORT_DIR.resolve(file));
    }

    @GetMapping("/export-safe")
    @ResponseBody
    public byte[] exportSafe(@RequestParam String file) throws Exception {
        Path target = EXPORT_DIR.resolve(file).normalize();
        if (!target.startsWith(EXPORT_DIR)) {
            throw new IllegalArgumentException("bad path");
        }
        // ok: java.path-traversal
        return Files.readAllBytes(target);
    }

    @PostMapping("/archive")
    public String archive(@RequestParam String name) {
        // ruleid: java.path-traversal
        File f = new File("/var/billing/archive/" + name);
        f.delete();
        return "redirect:/invoices";
    }

    @GetMapping("/back")
    public String back(@RequestParam String returnTo) {
        // ruleid: java.open-redirect
        return "redirect:" + returnTo;
    }

    @GetMapping("/back-safe")
    public String backSafe(@RequestParam String returnTo) {
        // ok: java.open-redirect
        return returnTo.startsWith("/invoices") ? "redirect:/invoices" : "redirect:/";
    }

    @GetMapping("/greet")
    @ResponseBody
    public String greet(@RequestParam String name) {
        // ruleid: java.xss
        return "<h1>Invoices for " + name + "</h1>";
    }

    @GetMapping("/greet-safe")
    @ResponseBody
    public String greetSafe(@RequestParam String name) {
        // ok: java.xss
        return "<h1>Invoices for " + org.springframework.web.util.HtmlUtils.htmlEscape(name) + "</h1>";
    }
}
