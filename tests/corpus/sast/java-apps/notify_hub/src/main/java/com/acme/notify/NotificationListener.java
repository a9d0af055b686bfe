// stockade-expect: annotated
package com.acme.notify;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.bson.Document;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.ldap.core.LdapTemplate;
import org.springframework.ldap.query.LdapQueryBuilder;
import org.springframework.stereotype.Component;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.LoaderOptions;

@Component
public class NotificationListener {
    private static final Logger log = LoggerFactory.getLogger(NotificationListener.class);
    private final MongoCollection<Document> subscribers;
    private final LdapTemplate ldap;

    public NotificationListener(MongoCollection<Document> subscribers, LdapTemplate ldap) {
        this.subscribers = subscribers;
        this.ldap = ldap;
    }

    @KafkaListener(topics = "notify.subscribe")
    public void onSubscribe(String payload) {
        // ruleid: java.unsafe-deserializer-libraries
        Object data = new Yaml().load(payload);
        // ok: java.unsafe-deserializer-libraries
        Object safe = new Yaml(new SafeConstructor(new LoaderOptions())).load(payload);
        log.info("subscribe {} {}", data, safe);
    }

    @KafkaListener(topics = "notify.lookup")
    public void onLookup(String team) {
        // ruleid: java.nosql-injection
        subscribers.find(new Document("$where", "this.team == '" + team + "'")).first();
        // ok: java.nosql-injection
        subscribers.find(Filters.eq("team", team)).first();
    }

    @KafkaListener(topics = "notify.owner")
    public void onOwner(String uid) {
        // ruleid: java.ldap-injection-spring
        ldap.search("ou=people", "(uid=" + uid + ")", (org.springframework.ldap.core.AttributesMapper<String>) a -> a.get("mail").get().toString());
        // ok: java.ldap-injection-spring
        ldap.search(LdapQueryBuilder.query().base("ou=people").where("uid").is(uid), (org.springframework.ldap.core.AttributesMapper<String>) a -> a.get("mail").get().toString());
    }

    @KafkaListener(topics = "notify.archive")
    public void onArchive(String name) throws IOException {
        // ruleid: java.path-traversal
        Files.writeString(Paths.get("/var/notify/archive/" + name), "archived");
        Path safe = Paths.get("/var/notify/archive/").resolve(Paths.get(name).getFileName());
        // ok: java.path-traversal
        Files.writeString(safe, "archived");
    }

    @KafkaListener(topics = "notify.exec")
    public void onHook(String hook) throws IOException {
        // ruleid: java.command-injection
        Runtime.getRuntime().exec(new String[] {"/bin/sh", "-c", "/opt/hooks/" + hook});
        // ok: java.command-injection
        Runtime.getRuntime().exec(new String[] {"/opt/hooks/run", hook});
    }
}
