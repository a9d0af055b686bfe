// stockade-expect: annotated
"use strict";
const express = require("express");
const bodyParser = require("body-parser");
const { exec, execFile } = require("child_process");
const path = require("path");
const fs = require("fs");
const crypto = require("crypto");
const db = require("./db");

const app = express();
app.use(bodyParser.urlencoded({ extended: false }));

app.get("/api/users", (req, res, next) => {
  const name = req.query.name;
  // ruleid: javascript.sql-injection
  db.query("SELECT * FROM users WHERE name = '" + name + "'", (err, rows) => {
    if (err) return next(err);
    res.json(rows);
  });
});

app.get("/api/users/:id", (req, res, next) => {
  // ok: javascript.sql-injection
  db.query("SELECT * FROM users WHERE id = ?", [req.params.id], (err, rows) => {
    if (err) return next(err);
    res.json(rows[0]);
  });
});

app.post("/api/tools/lookup", (req, res) => {
  const domain = req.body.domain;
  // ruleid: javascript.command-injection
  exec(`nslookup ${domain}`, (err, out) => res.send(out));
});

app.post("/api/tools/lookup2", (req, res) => {
  // ok: javascript.command-injection
  execFile("nslookup", [req.body.domain], (err, out) => res.send(out));
});

app.get("/files/:name", (req, res) => {
  // ruleid: javascript.path-traversal
  fs.createReadStream(path.join("/data/files", req.params.name)).pipe(res);
});

app.get("/files2/:name", (req, res) => {
  const safe = path.basename(req.params.name);
  // ok: javascript.path-traversal
  fs.createReadStream(path.join("/data/files", safe)).pipe(res);
});

app.get("/go", (req, res) => {
  // ruleid: javascript.open-redirect
  res.redirect(req.query.url);
});

app.get("/home", (req, res) => {
  // ok: javascript.open-redirect
  res.redirect("/");
});

app.get("/search", (req, res) => {
  // ruleid: javascript.xss
  res.send("<h2>Results for " + req.query.q + "</h2>");
});

app.get("/search.json", (req, res) => {
  // ok: javascript.xss
  res.json({ query: req.query.q });
});

function token() {
  // ruleid: javascript.weak-hash
  return crypto.createHash("md5").update(String(Date.now())).digest("hex");
}

function checksum(buf) {
  // ok: javascript.weak-hash
  return crypto.createHash("sha512").update(buf).digest("hex");
}

module.exports = { app, token, checksum };
