// stockade-expect: vulnerable CWE-117
package com.example.audit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class AuditController {
    private static final Logger log = LoggerFactory.getLogger(AuditController.class);

    @GetMapping("/audit")
    public String audit(@RequestHeader("User-Agent") String agent) {
        log.warn("Suspicious client: " + agent);
        return "ok";
    }
}
