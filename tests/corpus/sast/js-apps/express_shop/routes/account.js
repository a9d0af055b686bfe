// stockade-expect: annotated
const express = require("express");
const crypto = require("crypto");
const jwt = require("jsonwebtoken");
const bcrypt = require("bcrypt");
const User = require("../models/user");

const router = express.Router();

function legacyHash(password) {
  // ruleid: javascript.weak-hash
  return crypto.createHash("md5").update(password).digest("hex");
}

router.post("/register", async (req, res) => {
  // ruleid: javascript.bcrypt-low-cost
  const hash = await bcrypt.hash(req.body.password, 6);
  await User.create({ email: String(req.body.email), hash });
  res.sendStatus(201);
});

router.post("/login", async (req, res) => {
  // ruleid: javascript.nosql-injection
  const user = await User.findOne({ email: req.body.email, active: true });
  if (!user || !(await bcrypt.compare(req.body.password, user.hash))) return res.sendStatus(401);
  // ruleid: javascript.jwt-hardcoded-secret
  const token = jwt.sign({ sub: user.id }, "shop-signing-secret", { expiresIn: "1h" });
  // ok: javascript.cookie-secure-disabled
  res.cookie("token", token, { httpOnly: true, secure: true, sameSite: "strict" });
  res.json({ ok: true });
});

router.post("/login-legacy", async (req, res) => {
  // ok: javascript.nosql-injection
  const user = await User.findOne({ email: String(req.body.email) });
  res.json({ legacy: user && user.hash === legacyHash(String(req.body.password)) });
});

router.post("/reset", async (req, res) => {
  // ruleid: javascript.insecure-random
  const resetToken = Math.random().toString(36).slice(2);
  // ok: javascript.insecure-random
  const nonce = crypto.randomBytes(16).toString("hex");
  await User.updateOne({ email: String(req.body.email) }, { resetToken, nonce });
  res.sendStatus(204);
});

router.get("/me", (req, res) => {
  // ruleid: javascript.jwt-verify-without-algorithms
  const claims = jwt.verify(req.cookies.token, process.env.JWT_PUBLIC_KEY);
  // ok: javascript.jwt-verify-without-algorithms
  const again = jwt.verify(req.cookies.token, process.env.JWT_PUBLIC_KEY, { algorithms: ["RS256"] });
  res.json({ sub: claims.sub, same: again.sub === claims.sub });
});

module.exports = router;
