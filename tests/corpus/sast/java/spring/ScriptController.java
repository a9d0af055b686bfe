// stockade-expect: vulnerable CWE-95
package com.example.calc;

import javax.script.ScriptEngine;
import javax.script.ScriptEngineManager;
import javax.script.ScriptException;
import javax.servlet.http.HttpServletRequest;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class ScriptController {
    @PostMapping("/script")
    public Object run(HttpServletRequest request) throws ScriptException {
        ScriptEngine engine = new ScriptEngineManager().getEngineByName("javascript");
        return engine.eval(request.getParameter("code"));
    }
}
