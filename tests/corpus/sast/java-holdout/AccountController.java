// stockade-expect: annotated
package com.example.bank.web;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.MessageDigest;
import java.util.List;
import java.util.Map;
import java.util.Random;
import javax.servlet.http.Cookie;
import javax.servlet.http.HttpServletResponse;
import javax.servlet.http.HttpSession;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.web.bind.annotation.*;
import org.springframework.web.client.RestTemplate;
import org.springframework.web.servlet.view.RedirectView;

@RestController
@RequestMapping("/api/accounts")
public class AccountController {
    private static final Logger log = LoggerFactory.getLogger(AccountController.class);
    private static final Path STATEMENTS = Paths.get("/srv/statements");
    private final JdbcTemplate jdbc;
    private final RestTemplate http = new RestTemplate();

    public AccountController(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @GetMapping("/search")
    public List<Map<String, Object>> search(@RequestParam String owner) {
        // ruleid: java.sql-injection
        return jdbc.queryForList("SELECT * FROM accounts WHERE owner = '" + owner + "'");
    }

    @GetMapping("/{id}")
    public Map<String, Object> byId(@PathVariable long id) {
        // ok: java.sql-injection
        return jdbc.queryForMap("SELECT * FROM accounts WHERE id = " + id);
    }

    @GetMapping("/by-iban")
    public Map<String, Object> byIban(@RequestParam String iban) {
        // ok: java.sql-injection
        return jdbc.queryForMap("SELECT * FROM accounts WHERE iban = ?", iban);
    }

    @GetMapping("/sorted")
    public List<Map<String, Object>> sorted(@RequestParam(defaultValue = "owner") String sort) {
        String column = List.of("owner", "balance", "opened").contains(sort) ? sort : "owner";
        // ok: java.sql-injection
        return jdbc.queryForList("SELECT * FROM accounts ORDER BY " + column);
    }

    @GetMapping("/statements/{name}")
    public ResponseEntity<byte[]> statement(@PathVariable String name) throws IOException {
        // ruleid: java.path-traversal
        byte[] pdf = Files.readAllBytes(STATEMENTS.resolve(name));
        return ResponseEntity.ok(pdf);
    }

    @GetMapping("/statements-safe/{name}")
    public ResponseEntity<byte[]> statementSafe(@PathVariable String name) throws IOException {
        Path file = STATEMENTS.resolve(name).normalize();
        if (!file.startsWith(STATEMENTS)) {
            return ResponseEntity.badRequest().build();
        }
        // ok: java.path-traversal
        byte[] pdf = Files.readAllBytes(file);
        return ResponseEntity.ok(pdf);
    }

    @PostMapping("/export")
    public String export(@RequestParam String format) throws IOException {
        // ruleid: java.command-injection
        Process p = Runtime.getRuntime().exec("/usr/local/bin/export --format " + format);
        return "started " + p.pid();
    }

    @PostMapping("/export-safe")
    public String exportSafe(@RequestParam String format) throws IOException {
        // ok: java.command-injection
        Process p = new ProcessBuilder("/usr/local/bin/export", "--format", format).start();
        return "started " + p.pid();
    }

    @GetMapping("/avatar")
    public byte[] avatar(@RequestParam String url) {
        // ruleid: java.ssrf
        return http.getForObject(url, byte[].class);
    }

    @GetMapping("/rates")
    public String rates(@RequestParam String currency) {
        // ok: java.ssrf
        return http.getForObject("https://rates.example.com/v1/{cur}", String.class, currency);
    }

    @GetMapping("/continue")
    public RedirectView next(@RequestParam String target) {
        // ruleid: java.open-redirect
        return new RedirectView(target);
    }

    @GetMapping("/home")
    public void home(HttpServletResponse response) throws IOException {
        // ok: java.open-redirect
        response.sendRedirect("/dashboard");
    }

    @PostMapping("/login")
    public String login(@RequestParam String user, HttpSession session) {
        // ruleid: java.log-injection
        log.info("login attempt for " + user);
        // ok: java.log-injection
        log.info("login attempt for {}", user.replaceAll("[\r\n]", "_"));
        // ruleid: java.trust-boundary-violation
        session.setAttribute("username", user);
        return "ok";
    }

    @PostMapping("/pin")
    public String pin(@RequestParam String pin) throws Exception {
        // ruleid: java.weak-hash
        MessageDigest md = MessageDigest.getInstance("MD5");
        // ok: java.weak-hash
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        return new String(sha.digest(md.digest(pin.getBytes())));
    }

    @GetMapping("/otp")
    public String otp(HttpServletResponse response) {
        // ruleid: java.insecure-random
        String code = String.valueOf(new Random().nextInt(999999));
        // ruleid: java.cookie-not-secure
        Cookie cookie = new Cookie("otp", code);
        response.addCookie(cookie);
        return "sent";
    }

    @GetMapping(value = "/greet", produces = "text/html")
    public String greet(@RequestParam String name) {
        // ruleid: java.xss
        return "<h1>Hello " + name + "</h1>";
    }

    @GetMapping(value = "/greet-json")
    public Map<String, String> greetJson(@RequestParam String name) {
        // ok: java.xss
        return Map.of("greeting", "Hello " + name);
    }
}
