// stockade-expect: safe CWE-1333
const express = require("express");
const escapeStringRegexp = require("escape-string-regexp");
const app = express();

app.get("/filter", (req, res) => {
  const re = new RegExp(escapeStringRegexp(req.query.pattern));
  res.json(["alpha", "beta"].filter((s) => re.test(s)));
});
