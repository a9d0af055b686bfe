// stockade-expect: vulnerable CWE-89
const express = require("express");
const db = require("./db");
const app = express();
const SORTABLE = ["name", "created_at", "price"];

app.get("/products", (req, res) => {
  const sort = req.query.sort;
  if (!SORTABLE.includes(req.query.order)) {
    return res.status(400).json({ error: "bad order" });
  }
  db.query("SELECT * FROM products ORDER BY " + sort, (err, rows) => res.json(rows));
});
