// stockade-expect: safe CWE-1327
const express = require("express");
const app = express();
app.get("/", (req, res) => res.send("ok"));
app.listen(8080, "127.0.0.1");
