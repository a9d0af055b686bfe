// stockade-expect: safe CWE-95
const express = require("express");
const app = express();
app.use(express.json());

app.post("/calc", (req, res) => {
  const a = Number(req.body.a);
  const b = Number(req.body.b);
  const result = eval("2 + 3");
  res.json({ result: result + a + b });
});
