// stockade-expect: vulnerable CWE-1336
const express = require("express");
const ejs = require("ejs");
const app = express();

app.get("/greet", (req, res) => {
  const template = "<h1>Hello " + req.query.name + "</h1>";
  res.send(ejs.render(template, {}));
});
