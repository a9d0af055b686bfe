// stockade-expect: safe CWE-611
const express = require("express");
const libxmljs = require("libxmljs");
const app = express();
app.use(express.text({ type: "application/xml" }));

app.post("/import", (req, res) => {
  const doc = libxmljs.parseXml(req.body, { noent: false });
  res.send(doc.root().name());
});
