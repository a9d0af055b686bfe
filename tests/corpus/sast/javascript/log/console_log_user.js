// stockade-expect: vulnerable CWE-117
const express = require("express");
const winston = require("winston");
const logger = winston.createLogger({ transports: [new winston.transports.Console()] });
const app = express();

app.post("/login", (req, res) => {
  logger.info("login attempt for user " + req.body.username);
  res.sendStatus(204);
});
