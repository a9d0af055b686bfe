// stockade-expect: vulnerable CWE-1333
package com.example.search;

import java.util.regex.Pattern;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class RegexController {
    @GetMapping("/match")
    public boolean match(@RequestParam String pattern, @RequestParam String text) {
        return Pattern.compile(pattern).matcher(text).matches();
    }
}
