// stockade-expect: annotated
const crypto = require("crypto");

const KEY = Buffer.from(process.env.NOTES_KEY, "base64");

function seal(plain) {
  const iv = crypto.randomBytes(12);
  // ok: javascript.static-iv
  const c = crypto.createCipheriv("aes-256-gcm", KEY, iv);
  const data = Buffer.concat([c.update(plain, "utf8"), c.final()]);
  return { iv, data, tag: c.getAuthTag() };
}

function openSealed({ iv, data }) {
  // ruleid: javascript.gcm-auth-tag-not-checked
  const d = crypto.createDecipheriv("aes-256-gcm", KEY, iv);
  return Buffer.concat([d.update(data), d.final()]).toString("utf8");
}

function legacyEncrypt(plain) {
  // ruleid: javascript.static-iv
  const c = crypto.createCipheriv("aes-256-cbc", KEY, Buffer.alloc(16, 0));
  return Buffer.concat([c.update(plain), c.final()]);
}

function derive(password, salt) {
  // ruleid: javascript.pbkdf2-low-iterations
  return crypto.pbkdf2Sync(password, salt, 1000, 32, "sha256");
}

function deriveStrong(password, salt) {
  // ok: javascript.pbkdf2-low-iterations
  return crypto.pbkdf2Sync(password, salt, 600000, 32, "sha256");
}

module.exports = { seal, openSealed, legacyEncrypt, derive, deriveStrong };
