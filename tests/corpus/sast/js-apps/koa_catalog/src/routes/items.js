// stockade-expect: annotated
const Router = require("@koa/router");
const { knex, sequelize, pool, QueryTypes } = require("../lib/db");

const router = new Router({ prefix: "/items" });
const COLUMNS = new Set(["name", "price", "created_at"]);

router.get("/", async (ctx) => {
  const { category } = ctx.query;
  // ruleid: javascript.sql-injection
  ctx.body = await knex.raw(`SELECT * FROM items WHERE category = '${category}'`);
});

router.get("/by-category", async (ctx) => {
  // ok: javascript.sql-injection
  ctx.body = await knex.raw("SELECT * FROM items WHERE category = ?", [ctx.query.category]);
});

router.get("/sorted", async (ctx) => {
  const order = ctx.query.order;
  // ruleid: javascript.sql-injection
  ctx.body = await knex("items").select("*").orderByRaw(order);
});

router.get("/sorted-safe", async (ctx) => {
  const order = COLUMNS.has(ctx.query.order) ? ctx.query.order : "name";
  // ok: javascript.sql-injection
  ctx.body = await knex("items").select("*").orderBy(order);
});

router.get("/tag/:tag", async (ctx) => {
  // ruleid: javascript.sql-injection
  ctx.body = await knex("items").whereRaw("tags @> '{" + ctx.params.tag + "}'");
});

router.get("/tag-safe/:tag", async (ctx) => {
  // ok: javascript.sql-injection
  ctx.body = await knex("items").whereRaw("tags @> ARRAY[?]", [ctx.params.tag]);
});

router.get("/stats", async (ctx) => {
  const year = ctx.query.year;
  // ruleid: javascript.sql-injection
  ctx.body = await sequelize.query(`SELECT SUM(total) FROM orders WHERE year = ${year}`, { type: QueryTypes.SELECT });
});

router.get("/stats-safe", async (ctx) => {
  // ok: javascript.sql-injection
  ctx.body = await sequelize.query("SELECT SUM(total) FROM orders WHERE year = :year", { replacements: { year: ctx.query.year }, type: QueryTypes.SELECT });
});

router.get("/legacy/:sku", async (ctx) => {
  // ruleid: javascript.sql-injection
  const [rows] = await pool.execute("SELECT * FROM legacy_items WHERE sku = '" + ctx.params.sku + "'");
  ctx.body = rows;
});

router.get("/legacy-safe/:sku", async (ctx) => {
  // ok: javascript.sql-injection
  const [rows] = await pool.execute("SELECT * FROM legacy_items WHERE sku = ?", [ctx.params.sku]);
  ctx.body = rows;
});

router.get("/go", async (ctx) => {
  // ruleid: javascript.open-redirect
  ctx.redirect(ctx.query.next);
});

router.get("/go-home", async (ctx) => {
  const next = ctx.query.next;
  // ok: javascript.open-redirect
  ctx.redirect(next && next.startsWith("/") && !next.startsWith("//") ? next : "/");
});

router.get("/hello", async (ctx) => {
  ctx.type = "html";
  // ruleid: javascript.xss
  ctx.body = `<p>Hello ${ctx.query.name}</p>`;
});

router.get("/hello-json", async (ctx) => {
  // ok: javascript.xss
  ctx.body = { greeting: `Hello ${ctx.query.name}` };
});

module.exports = router;
