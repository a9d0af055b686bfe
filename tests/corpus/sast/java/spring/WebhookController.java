// stockade-expect: vulnerable CWE-918
package com.example.hooks;

import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.client.RestTemplate;

@RestController
public class WebhookController {
    private final RestTemplate restTemplate = new RestTemplate();

    @PostMapping("/hooks/test")
    public String test(@RequestParam("url") String url) {
        return restTemplate.getForObject(url, String.class);
    }
}
