// stockade-expect: vulnerable CWE-502
const express = require("express");
const cookieParser = require("cookie-parser");
const serialize = require("node-serialize");
const app = express();
app.use(cookieParser());

app.get("/", (req, res) => {
  const raw = Buffer.from(req.cookies.profile, "base64").toString();
  const profile = serialize.unserialize(raw);
  res.send("Hello " + profile.username.length);
});
