// stockade-expect: safe CWE-502
const express = require("express");
const cookieParser = require("cookie-parser");
const app = express();
app.use(cookieParser());

app.get("/", (req, res) => {
  const raw = Buffer.from(req.cookies.profile, "base64").toString();
  const profile = JSON.parse(raw);
  res.json({ length: String(profile.username).length });
});
