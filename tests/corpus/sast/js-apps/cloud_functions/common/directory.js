// stockade-expect: annotated
const https = require("https");
const { Pool } = require("pg");

const pool = new Pool({
  connectionString: process.env.DATABASE_URL,
  // ruleid: javascript.database-tls-validation-disabled
  ssl: { rejectUnauthorized: false },
});

// ok: javascript.tls-reject-unauthorized-disabled
const agent = new https.Agent({ keepAlive: true, ca: process.env.CORP_CA });

function escapeLdap(value) {
  return String(value).replace(/[*()\\\0]/g, (c) => "\\" + c.charCodeAt(0).toString(16).padStart(2, "0"));
}

async function lookupUser(name) {
  // ruleid: javascript.sql-injection
  const { rows } = await pool.query("SELECT id, email FROM users WHERE login = '" + name + "'");
  return rows[0];
}

async function lookupUserSafe(name) {
  // ok: javascript.sql-injection
  const { rows } = await pool.query("SELECT id, email FROM users WHERE login = $1", [name]);
  return rows[0];
}

module.exports = { escapeLdap, lookupUser, lookupUserSafe, agent };
