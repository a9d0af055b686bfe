// stockade-expect: annotated
const express = require("express");
const puppeteer = require("puppeteer");
const handlebars = require("handlebars");
const crypto = require("crypto");

const app = express();
app.use(express.json());

app.post("/screenshot", async (req, res) => {
  const browser = await puppeteer.launch();
  const page = await browser.newPage();
  // ruleid: javascript.headless-browser-ssrf
  await page.goto(req.body.url, { waitUntil: "networkidle0" });
  const png = await page.screenshot();
  await browser.close();
  res.type("image/png").send(png);
});

app.post("/screenshot/ticket", async (req, res) => {
  const browser = await puppeteer.launch();
  const page = await browser.newPage();
  // ok: javascript.headless-browser-ssrf
  await page.goto(`https://support.example.com/tickets/${Number(req.body.id)}`);
  // ruleid: javascript.headless-browser-html-injection
  await page.setContent(`<h1>${req.body.subject}</h1>`);
  // ruleid: javascript.headless-browser-code-injection
  await page.evaluate(req.body.script);
  // ok: javascript.headless-browser-code-injection
  await page.evaluate((sel) => document.querySelector(sel)?.remove(), req.body.selector);
  const pdf = await page.pdf();
  await browser.close();
  res.type("application/pdf").send(pdf);
});

app.post("/ticket/preview", (req, res) => {
  // ruleid: javascript.template-injection
  const tpl = handlebars.compile(req.body.layout);
  // ok: javascript.template-injection
  const safe = handlebars.compile("<p>{{subject}}</p>");
  res.send(safe({ subject: req.body.subject }) + tpl({}));
});

app.post("/ticket/sign", (req, res) => {
  // ruleid: javascript.hardcoded-cipher-key
  const hmac = crypto.createHmac("sha256", "support-widget-signing-key");
  // ok: javascript.hardcoded-cipher-key
  const hmac2 = crypto.createHmac("sha256", process.env.SIGNING_KEY);
  res.json({ a: hmac.update(String(req.body.id)).digest("hex"), b: hmac2.update(String(req.body.id)).digest("hex") });
});

app.get("/ticket/export", (req, res) => {
  // ruleid: javascript.header-injection
  res.setHeader("Content-Disposition", "attachment; filename=" + req.query.name);
  // ok: javascript.header-injection
  res.setHeader("Content-Disposition", "attachment; filename=" + encodeURIComponent(req.query.name));
  res.send("...");
});

app.get("/ticket/log", (req, res) => {
  // ruleid: javascript.log-injection
  console.log("ticket lookup by " + req.query.user);
  // ok: javascript.log-injection
  console.log("ticket lookup by " + JSON.stringify(req.query.user));
  res.sendStatus(204);
});

app.listen(8080, "127.0.0.1");
