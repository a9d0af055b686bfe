// stockade-expect: safe CWE-89
package com.example.shop.web;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class SortController {
    private static final Set<String> SORTABLE = Set.of("name", "price", "created_at");
    private final JdbcTemplate jdbcTemplate;

    public SortController(JdbcTemplate jdbcTemplate) {
        this.jdbcTemplate = jdbcTemplate;
    }

    @GetMapping("/products")
    public List<Map<String, Object>> list(@RequestParam String sort) {
        if (!SORTABLE.contains(sort)) {
            throw new IllegalArgumentException("bad sort column");
        }
        return jdbcTemplate.queryForList("SELECT * FROM products ORDER BY " + sort);
    }
}
