// stockade-expect: annotated
const Koa = require("koa");
const Router = require("@koa/router");
const bodyParser = require("koa-bodyparser");
const session = require("koa-session");
const serialize = require("node-serialize");
const https = require("https");

const app = new Koa();
const router = new Router();
app.keys = [process.env.KOA_KEY];

// ruleid: javascript.insecure-cookie
app.use(session({ key: "sid", httpOnly: false, secure: true }, app));

router.post("/restore", async (ctx) => {
  const blob = ctx.request.body.state;
  // ruleid: javascript.insecure-deserialization
  const state = serialize.unserialize(blob);
  // ok: javascript.insecure-deserialization
  const state2 = JSON.parse(blob);
  ctx.body = { state, state2 };
});

router.get("/calc", async (ctx) => {
  // ruleid: javascript.code-injection
  ctx.body = String(eval(ctx.query.expr));
});

router.get("/calc2", async (ctx) => {
  // ok: javascript.code-injection
  ctx.body = String(Number(ctx.query.a) + Number(ctx.query.b));
});

router.get("/redirect", async (ctx) => {
  // ruleid: javascript.open-redirect
  ctx.redirect(ctx.query.target);
});

const insecureAgent = new https.Agent({
  // ruleid: javascript.tls-reject-unauthorized-disabled
  rejectUnauthorized: false,
});

const secureAgent = new https.Agent({
  // ok: javascript.tls-reject-unauthorized-disabled
  rejectUnauthorized: true,
});

router.get("/random", async (ctx) => {
  // ruleid: javascript.insecure-random
  const resetToken = Math.random().toString(36).substring(2);
  // ok: javascript.insecure-random
  const shuffleOffset = Math.random() * 10;
  ctx.body = { resetToken, shuffleOffset, a: insecureAgent, b: secureAgent };
});

app.use(bodyParser());
app.use(router.routes());
module.exports = app;
