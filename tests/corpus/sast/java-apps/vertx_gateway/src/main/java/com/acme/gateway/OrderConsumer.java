// stockade-expect: annotated
package com.acme.gateway;

import io.vertx.core.AbstractVerticle;
import io.vertx.core.eventbus.Message;
import io.vertx.core.json.JsonObject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import javax.sql.DataSource;

public class OrderConsumer extends AbstractVerticle {
    private DataSource ds;

    @Override
    public void start() {
        vertx.eventBus().<JsonObject>consumer("orders.cancel", this::cancel);
    }

    private void cancel(Message<JsonObject> msg) {
        String orderId = msg.body().getString("orderId");
        try (Connection conn = ds.getConnection(); Statement st = conn.createStatement()) {
            // ruleid: java.sql-injection
            st.executeUpdate("UPDATE orders SET status = 'CANCELLED' WHERE id = '" + orderId + "'");
        } catch (Exception e) {
            msg.fail(500, e.getMessage());
        }
        try (Connection conn = ds.getConnection(); PreparedStatement ps = conn.prepareStatement("UPDATE orders SET status = 'CANCELLED' WHERE id = ?")) {
            ps.setString(1, orderId);
            // ok: java.sql-injection
            ps.executeUpdate();
        } catch (Exception e) {
            msg.fail(500, e.getMessage());
        }
        msg.reply("ok");
    }
}
