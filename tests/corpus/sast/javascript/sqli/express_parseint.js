// stockade-expect: safe CWE-89
const express = require("express");
const db = require("./db");
const app = express();

app.get("/page", (req, res) => {
  const page = parseInt(req.query.page, 10);
  db.query("SELECT * FROM articles LIMIT 20 OFFSET " + page * 20, (err, rows) => res.json(rows));
});
