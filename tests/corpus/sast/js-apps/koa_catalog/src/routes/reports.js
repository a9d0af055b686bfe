// stockade-expect: annotated
const fastify = require("fastify")({ logger: true });
const fs = require("fs");
const path = require("path");
const { execFile, exec } = require("child_process");
const { VM } = require("vm2");
const vm = require("vm");
const ejs = require("ejs");
const pug = require("pug");
const got = require("got");

const REPORT_DIR = path.resolve(__dirname, "../../reports");

fastify.get("/reports/:name", async (request, reply) => {
  // ruleid: javascript.path-traversal
  const data = fs.readFileSync(path.join(REPORT_DIR, request.params.name), "utf8");
  return reply.type("text/plain").send(data);
});

fastify.get("/reports-safe/:name", async (request, reply) => {
  const file = path.resolve(REPORT_DIR, request.params.name);
  if (!file.startsWith(REPORT_DIR + path.sep)) {
    return reply.code(400).send("bad name");
  }
  // ok: javascript.path-traversal
  return reply.type("text/plain").send(fs.readFileSync(file, "utf8"));
});

fastify.post("/reports/formula", async (request) => {
  const vmBox = new VM({ timeout: 100 });
  // ruleid: javascript.code-injection
  return { value: vmBox.run(request.body.formula) };
});

fastify.post("/reports/formula-const", async (request) => {
  const sandbox = { total: Number(request.body.total) };
  // ok: javascript.code-injection
  return { value: vm.runInNewContext("total * 1.2", sandbox) };
});

fastify.post("/reports/script", async (request) => {
  // ruleid: javascript.code-injection
  return { value: vm.runInNewContext(request.body.script, {}) };
});

fastify.get("/reports/page", async (request, reply) => {
  // ruleid: javascript.template-injection
  const html = ejs.render(request.query.layout, { title: "Report" });
  return reply.type("text/html").send(html);
});

fastify.get("/reports/page-safe", async (request, reply) => {
  // ok: javascript.template-injection
  const html = ejs.render("<h1><%= title %></h1>", { title: request.query.title });
  return reply.type("text/html").send(html);
});

fastify.get("/reports/pug", async (request, reply) => {
  // ruleid: javascript.template-injection
  const fn = pug.compile(request.query.tpl);
  return reply.type("text/html").send(fn({}));
});

fastify.get("/reports/pug-safe", async (request, reply) => {
  // ok: javascript.template-injection
  const fn = pug.compileFile(path.join(__dirname, "report.pug"));
  return reply.type("text/html").send(fn({ name: request.query.name }));
});

fastify.post("/reports/archive", async (request) => {
  // ruleid: javascript.command-injection
  exec("zip -r /tmp/out.zip " + request.body.folder);
  return { ok: true };
});

fastify.post("/reports/archive-safe", async (request) => {
  // ok: javascript.command-injection
  execFile("zip", ["-r", "/tmp/out.zip", request.body.folder]);
  return { ok: true };
});

fastify.get("/reports/fetch", async (request) => {
  // ruleid: javascript.ssrf
  const res = await got(request.query.source).json();
  return res;
});

fastify.get("/reports/fetch-safe", async (request) => {
  // ok: javascript.ssrf
  const res = await got(`https://reports.internal.example/api/${encodeURIComponent(request.query.id)}`).json();
  return res;
});

fastify.get("/reports/echo", async (request, reply) => {
  // ruleid: javascript.xss
  return reply.type("text/html").send(`<pre>${request.query.msg}</pre>`);
});

fastify.get("/reports/echo-json", async (request, reply) => {
  // ok: javascript.xss
  return reply.send({ msg: request.query.msg });
});

// ruleid: javascript.bind-all-interfaces
fastify.listen({ port: 3000, host: "0.0.0.0" });
