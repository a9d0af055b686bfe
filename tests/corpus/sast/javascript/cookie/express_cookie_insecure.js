// stockade-expect: vulnerable CWE-1004
const express = require("express");
const app = express();

app.post("/login", (req, res) => {
  res.cookie("session", createSession(req.body.user), { httpOnly: false, secure: true });
  res.redirect("/");
});

function createSession(user) {
  return Buffer.from(String(user)).toString("base64");
}
