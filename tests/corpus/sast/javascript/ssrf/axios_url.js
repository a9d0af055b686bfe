// stockade-expect: vulnerable CWE-918
const express = require("express");
const axios = require("axios");
const app = express();

app.get("/proxy", async (req, res) => {
  const target = req.query.url;
  const response = await axios.get(target);
  res.send(response.data);
});
