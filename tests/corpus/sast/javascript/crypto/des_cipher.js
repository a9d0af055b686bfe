// stockade-expect: vulnerable CWE-327
const crypto = require("crypto");

function encrypt(text, key) {
  const cipher = crypto.createCipheriv("des-ede3-cbc", key, Buffer.alloc(8));
  return cipher.update(text, "utf8", "hex") + cipher.final("hex");
}
module.exports = { encrypt };
