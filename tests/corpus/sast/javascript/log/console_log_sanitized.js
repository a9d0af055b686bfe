// stockade-expect: safe CWE-117
const express = require("express");
const winston = require("winston");
const logger = winston.createLogger({ transports: [new winston.transports.Console()] });
const app = express();

app.post("/login", (req, res) => {
  const user = String(req.body.username).replace(/[\r\n]/g, "_");
  logger.info("login attempt for user " + user);
  res.sendStatus(204);
});
