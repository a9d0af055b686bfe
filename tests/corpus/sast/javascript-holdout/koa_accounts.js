// stockade-expect: annotated
const Koa = require("koa");
const Router = require("@koa/router");
const bodyParser = require("koa-bodyparser");
const { MongoClient } = require("mongodb");
const jwt = require("jsonwebtoken");
const crypto = require("crypto");
const _ = require("lodash");
const serialize = require("node-serialize");
const yaml = require("js-yaml");

const app = new Koa();
const router = new Router();
const client = new MongoClient("mongodb://localhost:27017");
const accounts = client.db("bank").collection("accounts");

router.post("/login", async (ctx) => {
  const { username, password } = ctx.request.body;
  // ruleid: javascript.nosql-injection
  const account = await accounts.findOne({ username: username, password: password });
  ctx.body = { ok: Boolean(account) };
});

router.post("/login-strict", async (ctx) => {
  const username = String(ctx.request.body.username);
  const password = String(ctx.request.body.password);
  // ok: javascript.nosql-injection
  const account = await accounts.findOne({ username, password });
  ctx.body = { ok: Boolean(account) };
});

router.get("/accounts/filter", async (ctx) => {
  const minBalance = ctx.query.min;
  // ruleid: javascript.nosql-injection
  const rows = await accounts.find({ $where: "this.balance > " + minBalance }).toArray();
  ctx.body = rows;
});

router.get("/session", async (ctx) => {
  const token = ctx.get("Authorization").replace("Bearer ", "");
  // ruleid: javascript.jwt-decode-without-verify
  const claims = jwt.decode(token);
  ctx.body = claims;
});

router.get("/session-verified", async (ctx) => {
  const token = ctx.get("Authorization").replace("Bearer ", "");
  // ok: javascript.jwt-decode-without-verify
  const claims = jwt.verify(token, process.env.JWT_SECRET, { algorithms: ["HS256"] });
  ctx.body = claims;
});

router.post("/password", async (ctx) => {
  // ruleid: javascript.weak-hash
  const digest = crypto.createHash("md5").update(ctx.request.body.password).digest("hex");
  await accounts.updateOne({ _id: ctx.state.user.id }, { $set: { password: digest } });
  ctx.status = 204;
});

router.get("/etag", async (ctx) => {
  const body = JSON.stringify(await accounts.find({}).limit(10).toArray());
  // ok: javascript.weak-hash
  ctx.set("ETag", crypto.createHash("sha256").update(body).digest("hex"));
  ctx.body = body;
});

router.post("/reset-token", async (ctx) => {
  // ruleid: javascript.insecure-random
  const resetToken = Math.random().toString(36).slice(2);
  await accounts.updateOne({ email: String(ctx.request.body.email) }, { $set: { resetToken } });
  ctx.status = 202;
});

router.post("/reset-token-safe", async (ctx) => {
  // ok: javascript.insecure-random
  const resetToken = crypto.randomBytes(32).toString("hex");
  await accounts.updateOne({ email: String(ctx.request.body.email) }, { $set: { resetToken } });
  ctx.status = 202;
});

router.post("/preferences", async (ctx) => {
  const prefs = {};
  // ruleid: javascript.prototype-pollution
  _.merge(prefs, ctx.request.body);
  ctx.body = prefs;
});

router.post("/preferences-safe", async (ctx) => {
  const { theme, language } = ctx.request.body;
  const prefs = { theme: String(theme), language: String(language) };
  // ok: javascript.prototype-pollution
  _.merge(prefs, { updatedAt: Date.now() });
  ctx.body = prefs;
});

router.post("/import", async (ctx) => {
  // ruleid: javascript.insecure-deserialization
  const obj = serialize.unserialize(ctx.request.body.payload);
  ctx.body = { imported: Object.keys(obj).length };
});

router.post("/import-yaml", async (ctx) => {
  // ok: javascript.insecure-deserialization
  const doc = yaml.load(ctx.request.body.config, { schema: yaml.JSON_SCHEMA });
  ctx.body = { keys: Object.keys(doc || {}) };
});

router.get("/calc", async (ctx) => {
  const expr = ctx.query.expr;
  // ruleid: javascript.code-injection
  ctx.body = { result: eval(expr) };
});

router.get("/calc-safe", async (ctx) => {
  const a = Number(ctx.query.a);
  const b = Number(ctx.query.b);
  // ok: javascript.code-injection
  ctx.body = { result: eval(`${a} + ${b}`) };
});

router.get("/download", async (ctx) => {
  // ruleid: javascript.header-injection
  ctx.set("Content-Disposition", "attachment; filename=" + ctx.query.name);
  ctx.body = "data";
});

router.get("/download-safe", async (ctx) => {
  // ok: javascript.header-injection
  ctx.set("Content-Disposition", "attachment; filename=" + encodeURIComponent(ctx.query.name));
  ctx.body = "data";
});

router.get("/search", async (ctx) => {
  // ruleid: javascript.redos
  const re = new RegExp(ctx.query.pattern);
  ctx.body = (await accounts.find({}).toArray()).filter((a) => re.test(a.name));
});

router.get("/search-safe", async (ctx) => {
  const escaped = String(ctx.query.pattern).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  // ok: javascript.redos
  const re = new RegExp(escaped);
  ctx.body = (await accounts.find({}).toArray()).filter((a) => re.test(a.name));
});

app.use(bodyParser());
app.use(router.routes());
// ruleid: javascript.bind-all-interfaces
app.listen(3000, "0.0.0.0");
