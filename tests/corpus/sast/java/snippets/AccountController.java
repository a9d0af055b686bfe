// stockade-expect: annotated
package com.example.bank.web;

import java.io.File;
import java.io.IOException;
import java.security.MessageDigest;
import java.util.List;
import java.util.Map;
import java.util.Random;
import javax.servlet.http.Cookie;
import javax.servlet.http.HttpServletResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class AccountController {
    private static final Logger log = LoggerFactory.getLogger(AccountController.class);
    private final JdbcTemplate jdbc;

    public AccountController(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @GetMapping("/accounts")
    public List<Map<String, Object>> list(@RequestParam String owner, @RequestParam String sort) {
        // ok: java.sql-injection
        List<Map<String, Object>> a = jdbc.queryForList("SELECT * FROM accounts WHERE owner = ?", owner);
        // ruleid: java.sql-injection
        List<Map<String, Object>> b = jdbc.queryForList("SELECT * FROM accounts ORDER BY " + sort);
        a.addAll(b);
        return a;
    }

    @GetMapping("/statements/{file}")
    public long statement(@PathVariable String file) {
        // ruleid: java.path-traversal
        File f = new File("/data/statements/" + file);
        // ok: java.path-traversal
        File g = new File("/data/statements/index.txt");
        return f.length() + g.length();
    }

    @PostMapping("/transfer")
    public String transfer(@RequestParam String to, @RequestParam long amount, HttpServletResponse response)
            throws Exception {
        // ruleid: java.log-injection
        log.info("transfer to " + to);
        // ok: java.log-injection
        log.info("transfer amount {}", amount);
        // ruleid: java.weak-hash
        MessageDigest md5 = MessageDigest.getInstance("MD5");
        // ok: java.weak-hash
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        // ruleid: java.insecure-random
        Random rnd = new Random();
        Cookie c = new Cookie("txn", Long.toString(rnd.nextLong()));
        // ruleid: java.cookie-not-secure
        c.setSecure(false);
        response.addCookie(c);
        // ruleid: java.open-redirect
        response.sendRedirect(to);
        // ok: java.open-redirect
        response.sendRedirect("/accounts");
        return md5.getAlgorithm() + sha.getAlgorithm();
    }
}
