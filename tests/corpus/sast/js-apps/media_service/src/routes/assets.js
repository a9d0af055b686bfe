// stockade-expect: annotated
const express = require("express");
const multer = require("multer");
const AdmZip = require("adm-zip");
const path = require("path");
const fs = require("fs");
const sharp = require("sharp");
const libxmljs = require("libxmljs");
const { Sequelize } = require("sequelize");
const Asset = require("../models/asset");

const router = express.Router();
const upload = multer({ dest: "/tmp/uploads" });
const MEDIA_ROOT = "/srv/media";
const sequelize = new Sequelize(process.env.DATABASE_URL);

router.get("/", async (req, res) => {
  // ruleid: javascript.nosql-injection
  const assets = await Asset.find({ owner: req.query.owner });
  res.json(assets);
});

router.get("/mine", async (req, res) => {
  // ok: javascript.nosql-injection
  const assets = await Asset.find({ owner: req.session.userId });
  res.json(assets);
});

router.post("/bundle", upload.single("bundle"), (req, res) => {
  const zip = new AdmZip(req.file.path);
  for (const entry of zip.getEntries()) {
    // ruleid: javascript.path-traversal
    fs.writeFileSync(path.join(MEDIA_ROOT, entry.entryName), entry.getData());
  }
  res.sendStatus(201);
});

router.post("/bundle-safe", upload.single("bundle"), (req, res) => {
  const zip = new AdmZip(req.file.path);
  // ok: javascript.path-traversal
  zip.extractAllTo(path.join(MEDIA_ROOT, String(Date.now())), false);
  res.sendStatus(201);
});

router.get("/thumb/:name", async (req, res) => {
  // ruleid: javascript.path-traversal
  const buf = await sharp(path.join(MEDIA_ROOT, req.params.name)).resize(128).toBuffer();
  res.type("png").send(buf);
});

router.post("/metadata", express.text({ type: "application/xml" }), (req, res) => {
  // ruleid: javascript.xxe-libxml-entities
  const doc = libxmljs.parseXml(req.body, { noent: true });
  // ok: javascript.xxe-libxml-entities
  const doc2 = libxmljs.parseXml(req.body);
  res.json({ title: doc.get("//title").text(), t2: doc2.root().name() });
});

router.get("/report", async (req, res) => {
  // ruleid: javascript.sql-injection
  const rows = await Asset.sequelize.query("SELECT owner, SUM(size) FROM assets GROUP BY owner ORDER BY " + req.query.order);
  // ok: javascript.sql-injection
  const rows2 = await sequelize.query("SELECT owner, SUM(size) FROM assets WHERE owner = ? GROUP BY owner", { replacements: [req.query.owner] });
  res.json({ rows, rows2 });
});

router.get("/find", (req, res) => {
  // ruleid: javascript.regex-injection
  const re = new RegExp("^" + req.query.prefix);
  // ok: javascript.regex-injection
  const re2 = new RegExp("^" + req.query.prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  res.json({ a: re.test("x"), b: re2.test("x") });
});

router.post("/settings", (req, res) => {
  const settings = {};
  // ruleid: javascript.prototype-pollution
  settings[req.body.section][req.body.key] = req.body.value;
  res.json(settings);
});

router.get("/error", (req, res) => {
  try {
    JSON.parse(req.query.data);
  } catch (err) {
    // ruleid: javascript.stack-trace-exposure
    res.status(500).send(err.stack);
    return;
  }
  // ok: javascript.stack-trace-exposure
  res.status(200).send("ok");
});

module.exports = router;
