// stockade-expect: vulnerable CWE-89
package com.example.shop.web;

import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class SortUncheckedController {
    private final JdbcTemplate jdbcTemplate;

    public SortUncheckedController(JdbcTemplate jdbcTemplate) {
        this.jdbcTemplate = jdbcTemplate;
    }

    @GetMapping("/products")
    public List<Map<String, Object>> list(@RequestParam String sort) {
        if (sort.isEmpty()) {
            throw new IllegalArgumentException("missing sort column");
        }
        return jdbcTemplate.queryForList("SELECT * FROM products ORDER BY " + sort);
    }
}
