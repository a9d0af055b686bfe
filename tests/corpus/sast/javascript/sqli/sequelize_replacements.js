// stockade-expect: safe CWE-89
const { Sequelize, QueryTypes } = require("sequelize");
const sequelize = new Sequelize("sqlite::memory:");

function buildFilter() {
  return "SELECT * FROM accounts WHERE owner = :owner";
}

async function listAccounts(req, res) {
  const q = buildFilter();
  const rows = await sequelize.query(q, {
    replacements: { owner: req.body.owner },
    type: QueryTypes.SELECT,
  });
  res.send(rows);
}

module.exports = { listAccounts };
