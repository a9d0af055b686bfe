// stockade-expect: safe CWE-338
const crypto = require("crypto");

function resetToken() {
  return crypto.randomBytes(16).toString("hex");
}

function jitter() {
  return Math.floor(Math.random() * 100);
}
module.exports = { resetToken, jitter };
