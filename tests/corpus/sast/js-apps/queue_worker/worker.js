// stockade-expect: annotated
const { Kafka } = require("kafkajs");
const amqp = require("amqplib");
const { exec, execFile } = require("child_process");
const { Pool } = require("pg");
const vm = require("vm");
const serialize = require("node-serialize");

const pool = new Pool();
const kafka = new Kafka({ clientId: "reports", brokers: [process.env.KAFKA_BROKER] });

async function runKafka() {
  const consumer = kafka.consumer({ groupId: "reports" });
  await consumer.connect();
  await consumer.subscribe({ topic: "report-requests" });
  await consumer.run({
    eachMessage: async ({ message }) => {
      const job = JSON.parse(message.value.toString());
      // ruleid: javascript.sql-injection
      await pool.query(`UPDATE reports SET state = 'running' WHERE name = '${job.name}'`);
      // ok: javascript.sql-injection
      await pool.query("UPDATE reports SET state = 'queued' WHERE id = $1", [job.id]);
      // ruleid: javascript.command-injection
      exec(`wkhtmltopdf ${job.url} /reports/${job.id}.pdf`);
    },
  });
}

async function runAmqp() {
  const conn = await amqp.connect(process.env.AMQP_URL);
  const channel = await conn.createChannel();
  await channel.consume("formulas", (msg) => {
    const formula = msg.content.toString();
    // ruleid: javascript.code-injection
    const value = vm.runInNewContext(formula, { Math });
    // ruleid: javascript.insecure-deserialization
    const prefs = serialize.unserialize(msg.content.toString());
    // ok: javascript.command-injection
    execFile("notify-send", [String(value), JSON.stringify(prefs)]);
    channel.ack(msg);
  });
}

// ruleid: javascript.hardcoded-database-password
const audit = new Pool({ host: "audit-db", user: "audit", password: "audit-pass-2024" });

module.exports = { runKafka, runAmqp, audit };
