// stockade-expect: annotated
package com.acme.hr;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.expression.Expression;
import org.springframework.expression.ExpressionParser;
import org.springframework.expression.spel.standard.SpelExpressionParser;
import org.springframework.expression.spel.support.SimpleEvaluationContext;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.*;
import org.springframework.web.multipart.MultipartFile;
import org.springframework.web.servlet.view.RedirectView;

@Controller
@RequestMapping("/hr")
public class EmployeeController {
    private static final Logger log = LoggerFactory.getLogger(EmployeeController.class);
    private static final Path DOCS = Paths.get("/srv/hr/documents");

    private final EmployeeMapper mapper;
    private final EmployeeSearch search;
    private final JdbcTemplate jdbc;

    public EmployeeController(EmployeeMapper mapper, EmployeeSearch search, JdbcTemplate jdbc) {
        this.mapper = mapper;
        this.search = search;
        this.jdbc = jdbc;
    }

    @GetMapping("/department")
    @ResponseBody
    public List<Employee> department(@RequestParam String dept) {
        return mapper.byDepartment(dept);
    }

    @GetMapping("/search")
    @ResponseBody
    public List<Employee> byName(@RequestParam String name) {
        return search.byName(name);
    }

    @GetMapping("/count")
    @ResponseBody
    public Integer count(@RequestParam String dept) {
        // ruleid: java.sql-injection
        return jdbc.queryForObject("SELECT count(*) FROM employees WHERE department = '" + dept + "'", Integer.class);
    }

    @GetMapping("/count-safe")
    @ResponseBody
    public Integer countSafe(@RequestParam String dept) {
        // ok: java.sql-injection
        return jdbc.queryForObject("SELECT count(*) FROM employees WHERE department = ?", Integer.class, dept);
    }

    @GetMapping("/bonus")
    @ResponseBody
    public Object bonus(@RequestParam String formula) {
        ExpressionParser parser = new SpelExpressionParser();
        // ruleid: java.code-injection
        Expression exp = parser.parseExpression(formula);
        return exp.getValue();
    }

    @GetMapping("/bonus-safe")
    @ResponseBody
    public Object bonusSafe(@RequestParam String field) {
        ExpressionParser parser = new SpelExpressionParser();
        // ok: java.code-injection
        Expression exp = parser.parseExpression("salary * 0.1");
        return exp.getValue(SimpleEvaluationContext.forReadOnlyDataBinding().build());
    }

    @GetMapping("/page")
    public String page(@RequestParam String section, Model model) {
        model.addAttribute("section", section);
        // ruleid: java.view-name-injection
        return "hr/" + section;
    }

    @GetMapping("/page-safe")
    public String pageSafe(@RequestParam String section, Model model) {
        model.addAttribute("section", section);
        // ok: java.view-name-injection
        return "hr/section";
    }

    @GetMapping("/greet")
    public ResponseEntity<String> greet(@RequestParam String name) {
        // ruleid: java.xss
        return ResponseEntity.ok().contentType(MediaType.TEXT_HTML).body("<h2>Welcome " + name + "</h2>");
    }

    @GetMapping("/greet-safe")
    public ResponseEntity<String> greetSafe(@RequestParam String name) {
        // ok: java.xss
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body("{\"ok\":true}");
    }

    @GetMapping("/documents/{name}")
    public ResponseEntity<byte[]> document(@PathVariable String name) throws IOException {
        // ruleid: java.path-traversal
        byte[] body = Files.readAllBytes(DOCS.resolve(name));
        return ResponseEntity.ok().header(HttpHeaders.CONTENT_TYPE, "application/pdf").body(body);
    }

    @GetMapping("/documents-safe/{name}")
    public ResponseEntity<byte[]> documentSafe(@PathVariable String name) throws IOException {
        Path target = DOCS.resolve(name).normalize();
        if (!target.startsWith(DOCS)) {
            return ResponseEntity.badRequest().build();
        }
        // ok: java.path-traversal
        byte[] body = Files.readAllBytes(target);
        return ResponseEntity.ok().body(body);
    }

    @PostMapping("/upload")
    @ResponseBody
    public String upload(@RequestParam("file") MultipartFile file) throws IOException {
        // ruleid: java.path-traversal
        file.transferTo(new File("/srv/hr/uploads/" + file.getOriginalFilename()));
        return "ok";
    }

    @PostMapping("/upload-safe")
    @ResponseBody
    public String uploadSafe(@RequestParam("file") MultipartFile file) throws IOException {
        String name = Paths.get(file.getOriginalFilename()).getFileName().toString();
        // ok: java.path-traversal
        file.transferTo(new File("/srv/hr/uploads/" + name));
        return "ok";
    }

    @GetMapping("/return")
    public RedirectView back(@RequestParam String to) {
        // ruleid: java.open-redirect
        return new RedirectView(to);
    }

    @GetMapping("/return-safe")
    public RedirectView backSafe(@RequestParam String to) {
        // ok: java.open-redirect
        return new RedirectView("/hr/home");
    }

    @PostMapping("/login-failed")
    @ResponseBody
    public String loginFailed(@RequestParam String username) {
        // ruleid: java.log-injection
        log.warn("failed login for " + username);
        // ok: java.log-injection
        log.warn("failed login for {}", username.replaceAll("[\r\n]", "_"));
        return "denied";
    }
}
