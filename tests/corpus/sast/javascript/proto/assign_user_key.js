// stockade-expect: vulnerable CWE-1321
const express = require("express");
const app = express();
app.use(express.json());
const settings = {};

app.post("/settings", (req, res) => {
  const { section, key, value } = req.body;
  if (!settings[section]) settings[section] = {};
  settings[section][key] = value;
  res.json(settings);
});
