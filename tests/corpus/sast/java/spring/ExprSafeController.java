// stockade-expect: safe CWE-94
package com.example.calc;

import org.springframework.expression.Expression;
import org.springframework.expression.ExpressionParser;
import org.springframework.expression.spel.standard.SpelExpressionParser;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class ExprSafeController {
    @GetMapping("/calc")
    public Object calc(@RequestParam int a) {
        ExpressionParser parser = new SpelExpressionParser();
        Expression exp = parser.parseExpression("#root * 2");
        return exp.getValue(a);
    }
}
