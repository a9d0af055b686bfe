// stockade-expect: safe CWE-95
const express = require("express");
const app = express();

app.get("/later", (req, res) => {
  const msg = req.query.msg;
  setTimeout(() => console.log(JSON.stringify(msg)), 100);
  res.end();
});
