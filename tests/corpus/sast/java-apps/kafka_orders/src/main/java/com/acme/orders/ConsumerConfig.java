// stockade-expect: annotated
package com.acme.orders;

import java.util.HashMap;
import java.util.Map;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.activemq.ActiveMQConnectionFactory;

public class ConsumerConfig {
    // ruleid: java.jdbc-url-insecure-options
    static final String DB_URL = "jdbc:mysql://orders-db.internal:3306/orders?useSSL=false";
    // ok: java.jdbc-url-insecure-options
    static final String REPORTING_URL = "jdbc:postgresql://reporting.internal:5432/rep?sslmode=verify-full";

    ObjectMapper legacyMapper() {
        ObjectMapper m = new ObjectMapper();
        // ruleid: java.jackson-default-typing
        m.enableDefaultTyping();
        return m;
    }

    ActiveMQConnectionFactory jms() {
        ActiveMQConnectionFactory cf = new ActiveMQConnectionFactory("ssl://broker.internal:61617");
        // ruleid: java.unsafe-deserializer-libraries
        cf.setTrustAllPackages(true);
        return cf;
    }

    ActiveMQConnectionFactory jmsSafe() {
        ActiveMQConnectionFactory cf = new ActiveMQConnectionFactory("ssl://broker.internal:61617");
        // ok: java.unsafe-deserializer-libraries
        cf.setTrustedPackages(java.util.List.of("com.acme.orders"));
        return cf;
    }

    Map<String, Object> props() {
        Map<String, Object> p = new HashMap<>();
        // ruleid: java.hardcoded-password-field
        String password = "kafka-Secr3t-2024";
        p.put("sasl.jaas.config", "org.apache.kafka.common.security.plain.PlainLoginModule required username=\"orders\" password=\"" + password + "\";");
        // ok: java.hardcoded-password-field
        String passwordEnv = System.getenv("KAFKA_PASSWORD");
        return p;
    }
}
