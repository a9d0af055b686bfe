// stockade-expect: vulnerable CWE-79
const express = require("express");
const app = express();

app.get("/hello", (req, res) => {
  const name = req.query.name;
  res.send(`<html><body><h1>Hello ${name}</h1></body></html>`);
});
