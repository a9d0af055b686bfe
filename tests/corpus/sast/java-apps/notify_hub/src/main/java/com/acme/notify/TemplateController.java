// stockade-expect: annotated
package com.acme.notify;

import freemarker.template.Configuration;
import freemarker.template.Template;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.Map;
import java.util.regex.Pattern;
import org.jsoup.Jsoup;
import org.springframework.web.bind.annotation.*;

@RestController
@RequestMapping("/notify")
public class TemplateController {
    private final Configuration freemarker;

    public TemplateController(Configuration freemarker) {
        this.freemarker = freemarker;
    }

    @PostMapping("/preview")
    public String preview(@RequestParam String body) throws Exception {
        // ruleid: java.template-injection-engines
        Template t = new Template("preview", new StringReader(body), freemarker);
        StringWriter out = new StringWriter();
        t.process(Map.of("user", "demo"), out);
        return out.toString();
    }

    @PostMapping("/preview-safe")
    public String previewSafe(@RequestParam String name) throws Exception {
        // ok: java.template-injection-engines
        Template t = freemarker.getTemplate("preview.ftl");
        StringWriter out = new StringWriter();
        t.process(Map.of("user", name), out);
        return out.toString();
    }

    @GetMapping("/unfurl")
    public String unfurl(@RequestParam String link) throws Exception {
        // ruleid: java.ssrf
        return Jsoup.connect(link).get().title();
    }

    @GetMapping("/match")
    public boolean match(@RequestParam String pattern, @RequestParam String text) {
        // ruleid: java.regex-injection
        return Pattern.compile(pattern).matcher(text).find();
    }

    @GetMapping("/match-safe")
    public boolean matchSafe(@RequestParam String word, @RequestParam String text) {
        // ok: java.regex-injection
        return Pattern.compile(Pattern.quote(word)).matcher(text).find();
    }

    @GetMapping("/forward")
    public void forward(HttpServletRequest request, HttpServletResponse response) throws Exception {
        String page = request.getParameter("page");
        // ruleid: java.path-traversal-resources
        RequestDispatcher rd = request.getRequestDispatcher("/WEB-INF/views/" + page);
        rd.forward(request, response);
    }

    @GetMapping("/forward-safe")
    public void forwardSafe(HttpServletRequest request, HttpServletResponse response) throws Exception {
        // ok: java.path-traversal-resources
        RequestDispatcher rd = request.getRequestDispatcher("/WEB-INF/views/home.jsp");
        rd.forward(request, response);
    }

    @GetMapping("/remember")
    public void remember(HttpServletResponse response, @RequestParam String channel) {
        Cookie c = new Cookie("channel", channel);
        // ruleid: java.cookie-httponly-false
        c.setHttpOnly(false);
        c.setSecure(true);
        response.addCookie(c);
    }
}
