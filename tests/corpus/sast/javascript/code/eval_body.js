// stockade-expect: vulnerable CWE-95
const express = require("express");
const app = express();
app.use(express.json());

app.post("/calc", (req, res) => {
  const expr = req.body.expression;
  const result = eval(expr);
  res.json({ result });
});
