// stockade-expect: vulnerable CWE-1336
package com.example.mail;

import java.io.StringWriter;
import org.apache.velocity.VelocityContext;
import org.apache.velocity.app.Velocity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class TemplateController {
    @PostMapping("/mail/preview")
    public String preview(@RequestBody String template) {
        VelocityContext ctx = new VelocityContext();
        ctx.put("user", "guest");
        StringWriter out = new StringWriter();
        Velocity.evaluate(ctx, out, "preview", template);
        return out.toString();
    }
}
