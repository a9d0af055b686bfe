// stockade-expect: vulnerable CWE-918
const http = require("http");

module.exports = async (ctx) => {
  const host = ctx.query.host;
  http.get({ host: host, path: "/status" }, (r) => r.resume());
  ctx.body = "ok";
};
