// stockade-expect: safe CWE-78
const express = require("express");
const { execFile } = require("child_process");
const app = express();

app.get("/ping", (req, res) => {
  const host = req.query.host;
  execFile("ping", ["-c", "1", host], (err, stdout) => {
    res.type("text/plain").send(stdout);
  });
});
