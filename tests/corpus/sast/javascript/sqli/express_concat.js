// stockade-expect: vulnerable CWE-89
const express = require("express");
const mysql = require("mysql");

const app = express();
const db = mysql.createConnection({ host: "localhost", user: "app", database: "shop" });

app.get("/products", (req, res) => {
  const category = req.query.category;
  const sql = "SELECT * FROM products WHERE category = '" + category + "'";
  db.query(sql, (err, rows) => {
    if (err) return res.status(500).end();
    res.json(rows);
  });
});

app.listen(3000);
