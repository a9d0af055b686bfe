// stockade-expect: safe CWE-501
const express = require("express");
const session = require("express-session");
const app = express();
app.use(session({ secret: process.env.S, cookie: { secure: true } }));

app.get("/set-role", (req, res) => {
  const requested = req.query.role;
  req.session.role = "viewer";
  res.send("ok " + typeof requested);
});
