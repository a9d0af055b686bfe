// stockade-expect: vulnerable CWE-295
const https = require("https");

const agent = new https.Agent({ rejectUnauthorized: false });

function getStatus(cb) {
  https.get({ host: "billing.internal", path: "/status", agent }, cb);
}
module.exports = { getStatus };
