// stockade-expect: annotated
package com.acme.flux;

import io.quarkus.hibernate.orm.panache.PanacheEntity;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import org.springframework.http.MediaType;
import reactor.core.publisher.Mono;
import java.net.URI;

@Component
public class ShopHandler {
    private final DatabaseClient db;
    private final WebClient.Builder webClientBuilder;

    public ShopHandler(DatabaseClient db, WebClient.Builder webClientBuilder) {
        this.db = db;
        this.webClientBuilder = webClientBuilder;
    }

    public Mono<ServerResponse> products(ServerRequest request) {
        String brand = request.queryParam("brand").orElse("");
        // ruleid: java.sql-injection-query-builders
        return db.sql("SELECT * FROM products WHERE brand = '" + brand + "'").fetch().all().collectList()
            .flatMap(rows -> ServerResponse.ok().bodyValue(rows));
    }

    public Mono<ServerResponse> productsSafe(ServerRequest request) {
        String brand = request.queryParam("brand").orElse("");
        // ok: java.sql-injection-query-builders
        return db.sql("SELECT * FROM products WHERE brand = :brand").bind("brand", brand).fetch().all().collectList()
            .flatMap(rows -> ServerResponse.ok().bodyValue(rows));
    }

    public Mono<ServerResponse> image(ServerRequest request) {
        String src = request.queryParam("src").orElseThrow();
        // ruleid: java.ssrf
        return WebClient.create(src).get().retrieve().bodyToMono(byte[].class)
            .flatMap(b -> ServerResponse.ok().contentType(MediaType.IMAGE_PNG).bodyValue(b));
    }

    public Mono<ServerResponse> imageSafe(ServerRequest request) {
        String id = request.queryParam("id").orElseThrow();
        // ok: java.ssrf
        return webClientBuilder.baseUrl("https://img.internal").build().get().uri("/images/{id}", id).retrieve().bodyToMono(byte[].class)
            .flatMap(b -> ServerResponse.ok().contentType(MediaType.IMAGE_PNG).bodyValue(b));
    }

    public Mono<ServerResponse> back(ServerRequest request) {
        String to = request.queryParam("to").orElse("/");
        // ruleid: java.open-redirect
        return ServerResponse.seeOther(URI.create(to)).build();
    }

    public Mono<ServerResponse> backSafe(ServerRequest request) {
        // ok: java.open-redirect
        return ServerResponse.seeOther(URI.create("/shop")).build();
    }

    public Mono<ServerResponse> hello(ServerRequest request) {
        String name = request.pathVariable("name");
        // ruleid: java.xss
        return ServerResponse.ok().contentType(MediaType.TEXT_HTML).bodyValue("<b>" + name + "</b>");
    }

    public Mono<ServerResponse> helloSafe(ServerRequest request) {
        String name = request.pathVariable("name");
        // ok: java.xss
        return ServerResponse.ok().contentType(MediaType.APPLICATION_JSON).bodyValue(java.util.Map.of("name", name));
    }
}
