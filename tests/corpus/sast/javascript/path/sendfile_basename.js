// stockade-expect: safe CWE-22
const express = require("express");
const path = require("path");
const fs = require("fs");
const app = express();

app.get("/download", (req, res) => {
  const file = path.join(__dirname, "uploads", path.basename(req.query.name));
  fs.readFile(file, (err, data) => {
    if (err) return res.sendStatus(404);
    res.send(data);
  });
});
