// stockade-expect: vulnerable CWE-22
import express from "express";

const app = express();

app.get("/static/:name", (req, res) => {
  res.sendFile("/var/www/static/" + req.params.name);
});
