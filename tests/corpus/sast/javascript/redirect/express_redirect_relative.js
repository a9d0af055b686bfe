// stockade-expect: safe CWE-601
const express = require("express");
const app = express();

app.get("/login/callback", (req, res) => {
  const next = req.query.next;
  res.redirect("/dashboard?tab=" + encodeURIComponent(next));
});
