// stockade-expect: annotated
package com.acme.orders;

import java.io.ByteArrayInputStream;
import java.io.ObjectInputStream;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.amqp.rabbit.annotation.RabbitListener;
import org.springframework.stereotype.Component;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

@Component
public class OrderListener {
    private static final Logger log = LoggerFactory.getLogger(OrderListener.class);
    private final JdbcTemplate jdbcTemplate;
    private final ObjectMapper mapper = new ObjectMapper();

    public OrderListener(JdbcTemplate jdbcTemplate) {
        this.jdbcTemplate = jdbcTemplate;
    }

    @KafkaListener(topics = "orders.cancelled", groupId = "billing")
    public void onCancelled(String orderId) {
        // ruleid: java.sql-injection
        jdbcTemplate.update("UPDATE orders SET status = 'CANCELLED' WHERE id = '" + orderId + "'");
    }

    @KafkaListener(topics = "orders.shipped", groupId = "billing")
    public void onShipped(String orderId) {
        // ok: java.sql-injection
        jdbcTemplate.update("UPDATE orders SET status = 'SHIPPED' WHERE id = ?", orderId);
    }

    @KafkaListener(topics = "orders.raw")
    public void onRaw(ConsumerRecord<String, byte[]> record) throws Exception {
        // ruleid: java.object-deserialization
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(record.value()))) {
            Order order = (Order) in.readObject();
            log.info("received order {}", order.getId());
        }
    }

    @RabbitListener(queues = "labels")
    public void printLabel(LabelRequest request) throws Exception {
        // ruleid: java.command-injection
        Runtime.getRuntime().exec("lp -d " + request.getPrinter() + " /var/labels/" + request.getFile());
    }

    @RabbitListener(queues = "labels.v2")
    public void printLabelSafe(LabelRequest request) throws Exception {
        // ok: java.command-injection
        new ProcessBuilder("lp", "-d", request.getPrinter(), "/var/labels/label.pdf").start();
    }

    @RabbitListener(queues = "order-json")
    public void onJson(String body) throws Exception {
        // ok: java.jackson-default-typing
        Order order = mapper.readValue(body, Order.class);
        jdbcTemplate.update("INSERT INTO orders(id, total) VALUES (?, ?)", order.getId(), order.getTotal());
    }
}
