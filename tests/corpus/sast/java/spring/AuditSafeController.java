// stockade-expect: safe CWE-117
package com.example.audit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class AuditSafeController {
    private static final Logger log = LoggerFactory.getLogger(AuditSafeController.class);

    @GetMapping("/audit")
    public String audit(@RequestHeader("User-Agent") String agent) {
        String clean = agent.replaceAll("[\r\n]", "_");
        log.warn("Suspicious client: " + clean);
        return "ok";
    }
}
