// stockade-expect: annotated
package com.acme.ledger;

import com.microsoft.azure.functions.ExecutionContext;
import com.microsoft.azure.functions.HttpMethod;
import com.microsoft.azure.functions.HttpRequestMessage;
import com.microsoft.azure.functions.HttpResponseMessage;
import com.microsoft.azure.functions.HttpStatus;
import com.microsoft.azure.functions.annotation.AuthorizationLevel;
import com.microsoft.azure.functions.annotation.FunctionName;
import com.microsoft.azure.functions.annotation.HttpTrigger;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URL;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.Optional;
import javax.script.ScriptEngine;
import javax.script.ScriptEngineManager;

public class LedgerFunction {
    @FunctionName("balance")
    public HttpResponseMessage balance(
            @HttpTrigger(name = "req", methods = {HttpMethod.GET}, authLevel = AuthorizationLevel.FUNCTION) HttpRequestMessage<Optional<String>> request,
            final ExecutionContext context) throws Exception {
        String account = request.getQueryParameters().get("account");
        try (Connection conn = DriverManager.getConnection(System.getenv("LEDGER_JDBC"))) {
            // ruleid: java.sql-injection
            ResultSet rs = conn.createStatement().executeQuery("SELECT balance FROM accounts WHERE id = '" + account + "'");
            PreparedStatement ps = conn.prepareStatement("SELECT balance FROM accounts WHERE id = ?");
            ps.setString(1, account);
            // ok: java.sql-injection
            ResultSet rs2 = ps.executeQuery();
            return request.createResponseBuilder(HttpStatus.OK).body(rs.next() && rs2.next()).build();
        }
    }

    @FunctionName("rate")
    public HttpResponseMessage rate(
            @HttpTrigger(name = "req", methods = {HttpMethod.POST}, authLevel = AuthorizationLevel.FUNCTION) HttpRequestMessage<Optional<String>> request,
            final ExecutionContext context) throws Exception {
        String formula = request.getBody().orElse("0");
        ScriptEngine js = new ScriptEngineManager().getEngineByName("js");
        // ruleid: java.code-injection-engines
        Object value = js.eval(formula);
        // ok: java.code-injection-engines
        Object fixed = js.eval("1.05 * 100");
        return request.createResponseBuilder(HttpStatus.OK).body(String.valueOf(value) + fixed).build();
    }

    @FunctionName("fx")
    public HttpResponseMessage fx(
            @HttpTrigger(name = "req", methods = {HttpMethod.GET}, authLevel = AuthorizationLevel.FUNCTION) HttpRequestMessage<Optional<String>> request,
            final ExecutionContext context) throws Exception {
        String source = request.getQueryParameters().get("source");
        // ruleid: java.ssrf
        HttpURLConnection conn = (HttpURLConnection) new URL(source).openConnection();
        String currency = request.getQueryParameters().getOrDefault("currency", "EUR");
        // ok: java.ssrf
        HttpURLConnection conn2 = (HttpURLConnection) new URL("https://fx.example.com/rates").openConnection();
        try (InputStream in = conn.getInputStream(); InputStream in2 = conn2.getInputStream()) {
            return request.createResponseBuilder(HttpStatus.OK).body(new String(in.readAllBytes()) + currency.length() + in2.available()).build();
        }
    }

    @FunctionName("hello")
    public HttpResponseMessage hello(
            @HttpTrigger(name = "req", methods = {HttpMethod.GET}, authLevel = AuthorizationLevel.ANONYMOUS) HttpRequestMessage<Optional<String>> request,
            final ExecutionContext context) {
        String name = request.getQueryParameters().get("name");
        // ruleid: java.log-injection
        context.getLogger().info("hello requested for " + name);
        // ok: java.log-injection
        context.getLogger().info("hello requested");
        // ruleid: java.xss
        return request.createResponseBuilder(HttpStatus.OK).header("Content-Type", "text/html").body("<p>Hello " + name + "</p>").build();
    }

    @FunctionName("hello-json")
    public HttpResponseMessage helloJson(
            @HttpTrigger(name = "req", methods = {HttpMethod.GET}, authLevel = AuthorizationLevel.ANONYMOUS) HttpRequestMessage<Optional<String>> request,
            final ExecutionContext context) {
        String name = request.getQueryParameters().get("name");
        // ok: java.xss
        return request.createResponseBuilder(HttpStatus.OK).header("Content-Type", "application/json").body("{\"greeting\": \"hello\"}").build();
    }
}
