// stockade-expect: vulnerable CWE-95
const express = require("express");
const app = express();

app.get("/later", (req, res) => {
  setTimeout("console.log('" + req.query.msg + "')", 100);
  res.end();
});
