// stockade-expect: safe CWE-1336
package com.example.mail;

import java.io.StringWriter;
import org.apache.velocity.VelocityContext;
import org.apache.velocity.app.Velocity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class TemplateSafeController {
    private static final String TEMPLATE = "Hello $user, welcome back.";

    @PostMapping("/mail/preview")
    public String preview(@RequestBody String name) {
        VelocityContext ctx = new VelocityContext();
        ctx.put("user", name);
        StringWriter out = new StringWriter();
        Velocity.evaluate(ctx, out, "preview", TEMPLATE);
        return out.toString();
    }
}
