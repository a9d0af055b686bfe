// stockade-expect: safe CWE-79
const express = require("express");
const escapeHtml = require("escape-html");
const app = express();

app.get("/hello", (req, res) => {
  const name = escapeHtml(req.query.name);
  res.send(`<html><body><h1>Hello ${name}</h1></body></html>`);
});
