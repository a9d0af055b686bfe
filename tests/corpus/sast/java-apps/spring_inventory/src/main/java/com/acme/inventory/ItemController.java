// stockade-expect: annotated
package com.acme.inventory;

import java.util.List;
import java.util.Map;
import java.net.URL;
import java.io.InputStream;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.web.bind.annotation.*;
import org.springframework.web.client.RestTemplate;

@RestController
@RequestMapping("/api/items")
public class ItemController {
    private static final Map<String, String> SORTS = Map.of("name", "name", "price", "price");
    private final JdbcTemplate jdbcTemplate;
    private final NamedParameterJdbcTemplate named;
    private final RestTemplate restTemplate;

    public ItemController(JdbcTemplate jdbcTemplate, NamedParameterJdbcTemplate named, RestTemplate restTemplate) {
        this.jdbcTemplate = jdbcTemplate;
        this.named = named;
        this.restTemplate = restTemplate;
    }

    @GetMapping
    public List<Map<String, Object>> search(@RequestParam String q, @RequestParam(defaultValue = "name") String sort) {
        String sql = "SELECT id, name, price FROM items WHERE name LIKE '%" + q + "%' ORDER BY " + sort;
        // ruleid: java.sql-injection
        return jdbcTemplate.queryForList(sql);
    }

    @GetMapping("/safe")
    public List<Map<String, Object>> searchSafe(@RequestParam String q, @RequestParam(defaultValue = "name") String sort) {
        String column = SORTS.getOrDefault(sort, "name");
        // ok: java.sql-injection
        return jdbcTemplate.queryForList("SELECT id, name FROM items WHERE name LIKE ? ORDER BY " + column, "%" + q + "%");
    }

    @GetMapping("/by-category")
    public List<Map<String, Object>> byCategory(@RequestParam String category) {
        // ruleid: java.sql-injection-spring-jdbc
        return named.queryForList("SELECT * FROM items WHERE category = '" + category + "'", new MapSqlParameterSource());
    }

    @GetMapping("/by-category-safe")
    public List<Map<String, Object>> byCategorySafe(@RequestParam String category) {
        // ok: java.sql-injection-spring-jdbc
        return named.queryForList("SELECT * FROM items WHERE category = :c", new MapSqlParameterSource("c", category));
    }

    @DeleteMapping("/{id}")
    public void delete(@PathVariable String id) {
        // ruleid: java.sql-injection
        jdbcTemplate.update("DELETE FROM items WHERE id = " + id);
    }

    @DeleteMapping("/v2/{id}")
    public void deleteSafe(@PathVariable long id) {
        // ok: java.sql-injection
        jdbcTemplate.update("DELETE FROM items WHERE id = " + id);
    }

    @GetMapping("/supplier-price")
    public String supplierPrice(@RequestParam String supplierUrl) {
        // ruleid: java.ssrf
        return restTemplate.getForObject(supplierUrl + "/price", String.class);
    }

    @GetMapping("/supplier-price-safe")
    public String supplierPriceSafe(@RequestParam String sku) {
        // ok: java.ssrf
        return restTemplate.getForObject("https://supplier.example.net/price?sku={sku}", String.class, sku);
    }

    @GetMapping("/image")
    public byte[] image(@RequestParam String url) throws Exception {
        // ruleid: java.ssrf
        try (InputStream in = new URL(url).openStream()) {
            return in.readAllBytes();
        }
    }
}
