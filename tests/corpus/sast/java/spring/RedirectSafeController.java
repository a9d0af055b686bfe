// stockade-expect: safe CWE-601
package com.example.auth;

import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

@Controller
public class RedirectSafeController {
    @GetMapping("/login/success")
    public String success(@RequestParam(value = "next", required = false) String next) {
        return "redirect:/dashboard";
    }
}
