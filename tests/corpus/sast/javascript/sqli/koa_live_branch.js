// stockade-expect: vulnerable CWE-89
const Koa = require("koa");
const Router = require("@koa/router");
const mysql = require("mysql2/promise");

const app = new Koa();
const router = new Router();

router.get("/orders", async (ctx) => {
  const conn = await mysql.createConnection({ database: "shop" });
  let where = "status = 'open'";
  if (ctx.query.customer) {
    where = "customer = '" + ctx.query.customer + "'";
  }
  const [rows] = await conn.query("SELECT * FROM orders WHERE " + where);
  ctx.body = rows;
});

app.use(router.routes());
