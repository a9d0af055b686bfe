// stockade-expect: safe CWE-918
const express = require("express");
const axios = require("axios");
const app = express();

app.get("/proxy", async (req, res) => {
  const id = encodeURIComponent(req.query.id);
  const response = await axios.get("https://api.example.com/items/" + id);
  res.send(response.data);
});
