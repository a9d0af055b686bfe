// stockade-expect: vulnerable CWE-489
const express = require("express");
const errorhandler = require("errorhandler");
const app = express();

app.get("/", (req, res) => res.send("home"));
app.use(errorhandler());
app.listen(3000);
