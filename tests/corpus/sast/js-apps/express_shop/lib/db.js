// stockade-expect: annotated
const { Pool } = require("pg");
const mysql = require("mysql2/promise");

const pool = new Pool({
  host: process.env.PGHOST,
  user: "shop",
  // ok: javascript.hardcoded-database-password
  password: process.env.PGPASSWORD,
  database: "shop",
});

const legacy = mysql.createPool({
  host: "legacy-db",
  user: "report",
  // ruleid: javascript.hardcoded-database-password
  password: "r3port-Passw0rd",
  // ruleid: javascript.mysql-multiple-statements
  multipleStatements: true,
});

async function productsByCategory(category, sort) {
  // ruleid: javascript.sql-built-from-strings
  const { rows } = await pool.query(`SELECT id, name, price FROM products WHERE category = '${category}' ORDER BY ${sort}`);
  return rows;
}

async function productById(id) {
  // ok: javascript.sql-injection
  const { rows } = await pool.query("SELECT * FROM products WHERE id = $1", [id]);
  return rows[0];
}

async function legacyOrders(customer) {
  // ok: javascript.sql-injection
  const [rows] = await legacy.execute("SELECT * FROM orders WHERE customer = ?", [customer]);
  return rows;
}

module.exports = { pool, legacy, productsByCategory, productById, legacyOrders };
