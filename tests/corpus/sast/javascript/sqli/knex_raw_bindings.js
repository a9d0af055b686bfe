// stockade-expect: safe CWE-89
const knex = require("knex")({ client: "pg" });

exports.search = async (req, res) => {
  const term = req.query.term;
  const rows = await knex.raw("SELECT * FROM items WHERE title LIKE ?", [`%${term}%`]);
  res.json(rows);
};
