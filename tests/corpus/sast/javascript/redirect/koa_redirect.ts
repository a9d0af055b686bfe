// stockade-expect: vulnerable CWE-601
import Koa from "koa";

const app = new Koa();
app.use(async (ctx) => {
  const returnTo = ctx.query.returnTo as string;
  ctx.redirect(returnTo);
});
