// stockade-expect: safe CWE-295
const https = require("https");
const fs = require("fs");

const agent = new https.Agent({ rejectUnauthorized: true, ca: fs.readFileSync("ca.pem") });

function getStatus(cb) {
  https.get({ host: "billing.internal", path: "/status", agent }, cb);
}
module.exports = { getStatus };
