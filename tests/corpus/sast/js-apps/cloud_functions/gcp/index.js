// stockade-expect: annotated
const functions = require("@google-cloud/functions-framework");
const fetch = require("node-fetch");
const { Storage } = require("@google-cloud/storage");
const crypto = require("crypto");
const yaml = require("js-yaml");
const jwt = require("jsonwebtoken");

const storage = new Storage();
const ALLOWED_HOSTS = new Set(["api.partner.example.com", "status.partner.example.com"]);

functions.http("proxy", async (req, res) => {
  // ruleid: javascript.ssrf
  const upstream = await fetch(req.query.target);
  res.status(upstream.status).send(await upstream.text());
});

functions.http("partner", async (req, res) => {
  const url = new URL(req.query.target);
  if (!ALLOWED_HOSTS.has(url.hostname)) {
    return res.status(400).send("host not allowed");
  }
  // ok: javascript.ssrf
  const upstream = await fetch(url.toString());
  res.json(await upstream.json());
});

functions.http("download", async (req, res) => {
  // ruleid: javascript.path-traversal
  const [contents] = await storage.bucket("exports").file(req.query.name).download();
  res.send(contents);
});

functions.http("config", (req, res) => {
  // ruleid: javascript.insecure-deserialization
  const cfg = yaml.load(req.body.yaml, { schema: yaml.DEFAULT_FULL_SCHEMA });
  // ok: javascript.insecure-deserialization
  const safe = yaml.load(req.body.yaml);
  res.json({ cfg, safe });
});

functions.http("verify", (req, res) => {
  const token = req.get("authorization").replace("Bearer ", "");
  // ruleid: javascript.jwt-decode-without-verify
  const claims = jwt.decode(token);
  // ok: javascript.jwt-decode-without-verify
  const verified = jwt.verify(token, process.env.JWT_PUBLIC_KEY, { algorithms: ["RS256"] });
  res.json({ claims, verified });
});

functions.http("encrypt", (req, res) => {
  const key = Buffer.from(process.env.DATA_KEY, "hex");
  // ruleid: javascript.static-iv
  const cipher = crypto.createCipheriv("aes-256-cbc", key, Buffer.alloc(16, 0));
  // ok: javascript.static-iv
  const cipher2 = crypto.createCipheriv("aes-256-cbc", key, crypto.randomBytes(16));
  res.json({ a: cipher.update(String(req.body.v), "utf8", "hex") + cipher.final("hex"), b: cipher2.final("hex") });
});

functions.cloudEvent("onUpload", async (cloudEvent) => {
  const file = cloudEvent.data.name;
  // ruleid: javascript.command-injection
  require("child_process").execSync("gsutil cp gs://uploads/" + file + " /tmp/");
  // ok: javascript.command-injection
  require("child_process").execFileSync("gsutil", ["cp", `gs://uploads/${file}`, "/tmp/"]);
});
