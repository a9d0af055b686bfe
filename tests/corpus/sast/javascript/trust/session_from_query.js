// stockade-expect: vulnerable CWE-501
const express = require("express");
const session = require("express-session");
const app = express();
app.use(session({ secret: process.env.S, cookie: { secure: true } }));

app.get("/set-role", (req, res) => {
  req.session.role = req.query.role;
  res.send("ok");
});
