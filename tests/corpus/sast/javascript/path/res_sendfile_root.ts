// stockade-expect: safe CWE-22
import express from "express";

const app = express();

app.get("/static/:name", (req, res) => {
  res.sendFile(req.params.name, { root: "/var/www/static" });
});
