// stockade-expect: safe CWE-918
package com.example.hooks;

import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.client.RestTemplate;

@RestController
public class WebhookSafeController {
    private final RestTemplate restTemplate = new RestTemplate();
    private static final String STATUS_URL = "https://status.example.com/api";

    @PostMapping("/hooks/test")
    public String test(@RequestParam("id") long id) {
        return restTemplate.getForObject(STATUS_URL + "/checks/" + id, String.class);
    }
}
