// stockade-expect: safe CWE-79
const express = require("express");
const app = express();

app.get("/hello", (req, res) => {
  const name = req.query.name;
  res.json({ greeting: "Hello " + name });
});
