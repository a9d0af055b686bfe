// stockade-expect: safe CWE-78
const Koa = require("koa");
const cp = require("child_process");
const app = new Koa();

app.use(async (ctx) => {
  const branch = "main";
  const log = cp.execSync(`git log --oneline ${branch}`).toString();
  ctx.body = log;
});
