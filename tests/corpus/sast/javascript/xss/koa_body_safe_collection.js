// stockade-expect: safe CWE-79
const Koa = require("koa");
const app = new Koa();

app.use(async (ctx) => {
  const parts = ["<h1>Welcome</h1>", ctx.query.name];
  ctx.type = "html";
  ctx.body = parts[0];
});
