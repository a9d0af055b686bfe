// stockade-expect: safe CWE-1321
const express = require("express");
const app = express();
app.use(express.json());
const settings = new Map();

app.post("/settings", (req, res) => {
  const { section, key, value } = req.body;
  if (!settings.has(section)) settings.set(section, new Map());
  settings.get(section).set(key, value);
  res.json(Object.fromEntries(settings));
});
