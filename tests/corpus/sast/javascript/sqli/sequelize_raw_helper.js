// stockade-expect: vulnerable CWE-89
const { Sequelize, QueryTypes } = require("sequelize");
const sequelize = new Sequelize("sqlite::memory:");

function buildFilter(name) {
  return "SELECT * FROM accounts WHERE owner = '" + name + "'";
}

async function listAccounts(req, res) {
  const q = buildFilter(req.body.owner);
  const rows = await sequelize.query(q, { type: QueryTypes.SELECT });
  res.send(rows);
}

module.exports = { listAccounts };
