// stockade-expect: vulnerable CWE-89
package com.example.shop.web;

import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class UserSearchController {
    private final JdbcTemplate jdbcTemplate;

    public UserSearchController(JdbcTemplate jdbcTemplate) {
        this.jdbcTemplate = jdbcTemplate;
    }

    @GetMapping("/users/search")
    public List<Map<String, Object>> search(@RequestParam String name) {
        String sql = "SELECT id, name FROM users WHERE name LIKE '%" + name + "%'";
        return jdbcTemplate.queryForList(sql);
    }
}
