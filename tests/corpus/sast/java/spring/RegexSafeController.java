// stockade-expect: safe CWE-1333
package com.example.search;

import java.util.regex.Pattern;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class RegexSafeController {
    @GetMapping("/match")
    public boolean match(@RequestParam String pattern, @RequestParam String text) {
        return Pattern.compile(Pattern.quote(pattern)).matcher(text).find();
    }
}
