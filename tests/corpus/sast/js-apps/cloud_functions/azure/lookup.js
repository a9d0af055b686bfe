// stockade-expect: annotated
const { app } = require("@azure/functions");
const ldap = require("ldapjs");
const { MongoClient } = require("mongodb");
const { parseString } = require("xml2js");
const { exec, execFile } = require("child_process");
const { lookupUser, escapeLdap } = require("../common/directory");

const mongo = new MongoClient(process.env.MONGO_URL);

app.http("findUser", {
  methods: ["GET"],
  authLevel: "function",
  handler: async (request, context) => {
    const name = request.query.get("name");
    const client = ldap.createClient({ url: process.env.LDAP_URL });
    // ruleid: javascript.ldap-injection
    client.search("ou=people,dc=corp,dc=example", { filter: `(uid=${name})`, scope: "sub" }, () => {});
    // ok: javascript.ldap-injection
    client.search("ou=people,dc=corp,dc=example", { filter: `(uid=${escapeLdap(name)})`, scope: "sub" }, () => {});
    context.log("searched");
    return { jsonBody: await lookupUser(name) };
  },
});

app.http("orders", {
  methods: ["POST"],
  handler: async (request, context) => {
    const body = await request.json();
    const orders = mongo.db("shop").collection("orders");
    // ruleid: javascript.nosql-injection
    const list = await orders.find({ $where: `this.customer == '${body.customer}'` }).toArray();
    // ok: javascript.nosql-injection
    const list2 = await orders.find({ customer: String(body.customer) }).toArray();
    // ruleid: javascript.nosql-injection
    const one = await orders.findOne({ customer: body.customer, token: body.token });
    return { jsonBody: { list, list2, one } };
  },
});

app.http("ping", {
  methods: ["GET"],
  handler: async (request, context) => {
    const host = request.query.get("host");
    // ruleid: javascript.command-injection
    exec(`ping -c 1 ${host}`, (err, out) => context.log(out));
    // ok: javascript.command-injection
    execFile("ping", ["-c", "1", host], (err, out) => context.log(out));
    return { body: "queued" };
  },
});

app.http("greet", {
  methods: ["GET"],
  handler: async (request) => {
    const who = request.query.get("who");
    // ruleid: javascript.xss
    return { body: `<h1>Hello ${who}</h1>`, headers: { "Content-Type": "text/html" } };
  },
});
