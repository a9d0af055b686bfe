// stockade-expect: annotated
package com.acme.gateway;

import io.vertx.core.AbstractVerticle;
import io.vertx.core.Promise;
import io.vertx.core.http.Cookie;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.handler.BodyHandler;
import io.vertx.ext.web.handler.CorsHandler;
import io.vertx.pgclient.PgPool;
import io.vertx.sqlclient.Tuple;

public class GatewayVerticle extends AbstractVerticle {
    private PgPool pool;
    private WebClient client;

    @Override
    public void start(Promise<Void> startPromise) {
        Router router = Router.router(vertx);
        router.route().handler(BodyHandler.create());
        // ruleid: java.cors-wildcard-origin
        router.route().handler(CorsHandler.create("*").allowCredentials(true));
        router.get("/orders").handler(this::orders);
        router.get("/orders-safe").handler(this::ordersSafe);
        router.get("/proxy").handler(this::proxy);
        router.get("/proxy-safe").handler(this::proxySafe);
        router.get("/hello").handler(this::hello);
        router.get("/file").handler(this::file);
        router.post("/prefs").handler(this::prefs);
        vertx.createHttpServer().requestHandler(router).listen(8080);
        startPromise.complete();
    }

    private void orders(RoutingContext ctx) {
        String customer = ctx.request().getParam("customer");
        // ruleid: java.sql-injection
        pool.query("SELECT * FROM orders WHERE customer = '" + customer + "'").execute(ar -> ctx.json(ar.result().size()));
    }

    private void ordersSafe(RoutingContext ctx) {
        String customer = ctx.request().getParam("customer");
        // ok: java.sql-injection
        pool.preparedQuery("SELECT * FROM orders WHERE customer = $1").execute(Tuple.of(customer), ar -> ctx.json(ar.result().size()));
    }

    private void proxy(RoutingContext ctx) {
        String target = ctx.queryParam("target").get(0);
        // ruleid: java.ssrf
        client.getAbs(target).send(ar -> ctx.response().end(ar.result().bodyAsString()));
    }

    private void proxySafe(RoutingContext ctx) {
        String item = ctx.queryParam("item").get(0);
        // ok: java.ssrf
        client.get(443, "catalog.internal", "/items").addQueryParam("id", item).send(ar -> ctx.response().end(ar.result().bodyAsString()));
    }

    private void hello(RoutingContext ctx) {
        String name = ctx.request().getParam("name");
        // ruleid: java.xss
        ctx.response().putHeader("Content-Type", "text/html").end("<p>Hello " + name + "</p>");
    }

    private void file(RoutingContext ctx) {
        String name = ctx.request().getParam("name");
        // ruleid: java.path-traversal
        ctx.response().sendFile("/srv/gateway/static/" + name);
    }

    private void prefs(RoutingContext ctx) {
        JsonObject body = ctx.body().asJsonObject();
        // ruleid: java.cookie-not-secure
        ctx.response().addCookie(Cookie.cookie("theme", body.getString("theme")));
        // ok: java.cookie-not-secure
        ctx.response().addCookie(Cookie.cookie("lang", "en").setSecure(true).setHttpOnly(true));
        ctx.response().end();
    }
}
