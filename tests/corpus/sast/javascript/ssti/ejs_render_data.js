// stockade-expect: safe CWE-1336
const express = require("express");
const ejs = require("ejs");
const app = express();

app.get("/greet", (req, res) => {
  const template = "<h1>Hello <%= name %></h1>";
  res.send(ejs.render(template, { name: req.query.name }));
});
