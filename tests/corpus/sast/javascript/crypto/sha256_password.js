// stockade-expect: safe CWE-328
const crypto = require("crypto");

function hashPassword(password, salt) {
  return crypto.pbkdf2Sync(password, salt, 310000, 32, "sha256").toString("hex");
}

function etag(body) {
  return crypto.createHash("sha256").update(body).digest("hex");
}

module.exports = { hashPassword, etag };
