// stockade-expect: safe CWE-918
const http = require("http");
const HOSTS = { a: "status-a.internal", b: "status-b.internal" };

module.exports = async (ctx) => {
  const host = HOSTS.a;
  http.get({ host: host, path: "/status" }, (r) => r.resume());
  ctx.body = "ok";
};
