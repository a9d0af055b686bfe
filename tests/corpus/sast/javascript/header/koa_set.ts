// stockade-expect: vulnerable CWE-113
import Koa from "koa";

const app = new Koa();
app.use(async (ctx) => {
  const tag = ctx.get("X-Trace");
  ctx.set("X-Trace-Echo", tag);
  ctx.body = "ok";
});
