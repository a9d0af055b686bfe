// stockade-expect: annotated
const express = require("express");
const path = require("path");
const fs = require("fs");
const axios = require("axios");
const { exec, execFile } = require("child_process");
const db = require("../lib/db");

const router = express.Router();
const SORTS = ["name", "price"];

router.get("/", async (req, res) => {
  const sort = SORTS.includes(req.query.sort) ? req.query.sort : "name";
  // ruleid: javascript.sql-injection
  res.json(await db.productsByCategory(req.query.category, sort));
});

router.get("/search", async (req, res) => {
  // ruleid: javascript.sql-injection
  const { rows } = await db.pool.query("SELECT * FROM products WHERE name ILIKE '%" + req.query.q + "%'");
  res.json(rows);
});

router.get("/:id", async (req, res) => {
  // ok: javascript.sql-injection
  const product = await db.productById(req.params.id);
  if (!product) return res.status(404).send("not found");
  // ok: javascript.xss
  res.json(product);
});

router.get("/:id/image", (req, res) => {
  // ruleid: javascript.path-traversal
  res.sendFile(path.join(__dirname, "../images", req.query.file));
});

router.get("/:id/manual", (req, res) => {
  const name = path.basename(req.query.file);
  // ok: javascript.path-traversal
  fs.createReadStream(path.join(__dirname, "../manuals", name)).pipe(res);
});

router.post("/import", async (req, res) => {
  // ruleid: javascript.ssrf
  const feed = await axios.get(req.body.feedUrl);
  res.json({ imported: feed.data.length });
});

router.post("/:id/thumbnail", (req, res) => {
  // ruleid: javascript.command-injection
  exec(`convert images/${req.body.name} -resize 128x128 thumbs/${req.body.name}`, (err) => res.sendStatus(err ? 500 : 204));
});

router.post("/:id/resize", (req, res) => {
  // ok: javascript.command-injection
  execFile("convert", [`images/${req.body.name}`, "-resize", "128x128", "out.png"], (err) => res.sendStatus(err ? 500 : 204));
});

router.get("/:id/review-preview", (req, res) => {
  // ruleid: javascript.xss
  res.send(`<div class="review">${req.query.text}</div>`);
});

router.get("/go", (req, res) => {
  // ruleid: javascript.open-redirect
  res.redirect(req.query.next);
});

router.get("/home", (req, res) => {
  const target = req.query.next === "/cart" ? "/cart" : "/";
  // ok: javascript.open-redirect
  res.redirect(target);
});

module.exports = router;
