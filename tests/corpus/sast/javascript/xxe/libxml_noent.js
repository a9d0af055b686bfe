// stockade-expect: vulnerable CWE-611
const express = require("express");
const libxmljs = require("libxmljs");
const app = express();
app.use(express.text({ type: "application/xml" }));

app.post("/import", (req, res) => {
  const doc = libxmljs.parseXml(req.body, { noent: true, dtdload: true });
  res.send(doc.root().name());
});
