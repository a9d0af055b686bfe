// stockade-expect: safe CWE-79
package com.example.blog;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseBody;
import org.springframework.web.util.HtmlUtils;
import org.springframework.stereotype.Controller;

@Controller
public class PreviewSafeController {
    @GetMapping(value = "/preview", produces = "text/html")
    @ResponseBody
    public String preview(@RequestParam String title) {
        return "<html><body><h1>" + HtmlUtils.htmlEscape(title) + "</h1></body></html>";
    }
}
