// stockade-expect: safe CWE-1004
const express = require("express");
const app = express();

app.post("/login", (req, res) => {
  res.cookie("session", createSession(req.body.user), { httpOnly: true, secure: true, sameSite: "lax" });
  res.redirect("/");
});

function createSession(user) {
  return Buffer.from(String(user)).toString("base64");
}
