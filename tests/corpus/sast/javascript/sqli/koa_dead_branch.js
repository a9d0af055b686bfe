// stockade-expect: safe CWE-89
const Koa = require("koa");
const Router = require("@koa/router");
const mysql = require("mysql2/promise");

const app = new Koa();
const router = new Router();
const DEBUG_SQL = false;

router.get("/orders", async (ctx) => {
  const conn = await mysql.createConnection({ database: "shop" });
  let where = "status = 'open'";
  if (DEBUG_SQL) {
    where = "customer = '" + ctx.query.customer + "'";
  }
  const [rows] = await conn.query("SELECT * FROM orders WHERE " + where);
  ctx.body = rows;
});

app.use(router.routes());
