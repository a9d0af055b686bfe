// stockade-expect: vulnerable CWE-113
const express = require("express");
const app = express();

app.get("/lang", (req, res) => {
  res.setHeader("Content-Language", req.query.lang);
  res.send("ok");
});
