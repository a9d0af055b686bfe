// stockade-expect: annotated
package com.acme.catalog;

import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.QueryValue;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Post;
import jakarta.persistence.EntityManager;
import java.net.URI;
import java.util.List;
import org.springframework.expression.ExpressionParser;
import org.springframework.expression.spel.standard.SpelExpressionParser;

@Controller("/products")
public class ProductController {
    private final EntityManager em;
    private final ExpressionParser parser = new SpelExpressionParser();

    public ProductController(EntityManager em) {
        this.em = em;
    }

    @Get("/search")
    public List<?> search(@QueryValue String name) {
        // ruleid: java.sql-injection
        return em.createQuery("SELECT p FROM Product p WHERE p.name = '" + name + "'").getResultList();
    }

    @Get("/search-safe")
    public List<?> searchSafe(@QueryValue String name) {
        // ok: java.sql-injection
        return em.createQuery("SELECT p FROM Product p WHERE p.name = :n").setParameter("n", name).getResultList();
    }

    @Post("/price-rule")
    public Object priceRule(@Body String rule) {
        // ruleid: java.code-injection
        return parser.parseExpression(rule).getValue();
    }

    @Get("/go/{target}")
    public HttpResponse<?> go(@PathVariable String target) {
        // ruleid: java.open-redirect
        return HttpResponse.redirect(URI.create(target));
    }

    @Get("/go-safe")
    public HttpResponse<?> goSafe() {
        // ok: java.open-redirect
        return HttpResponse.redirect(URI.create("/products"));
    }
}
