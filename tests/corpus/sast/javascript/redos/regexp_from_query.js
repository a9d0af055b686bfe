// stockade-expect: vulnerable CWE-1333
const express = require("express");
const app = express();

app.get("/filter", (req, res) => {
  const re = new RegExp(req.query.pattern);
  res.json(["alpha", "beta"].filter((s) => re.test(s)));
});
