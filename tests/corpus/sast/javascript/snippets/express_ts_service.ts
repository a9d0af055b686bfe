// stockade-expect: annotated
import { Router, Request, Response, NextFunction } from "express";
import { spawnSync } from "child_process";
import * as fs from "fs";
import * as path from "path";
import crypto from "crypto";
import fetch from "node-fetch";
import { db } from "../db";

const router = Router();
const UPLOADS = path.resolve(__dirname, "../../uploads");
const ALLOWED_FORMATS = new Set(["png", "jpg"]);

router.get("/reports/:id", async (req: Request, res: Response, next: NextFunction) => {
  try {
    // ok: javascript.sql-injection
    const { rows } = await db.query("SELECT * FROM reports WHERE id = $1 AND owner = $2", [req.params.id, req.user?.id]);
    // ruleid: javascript.sql-injection
    const audit = await db.query(`INSERT INTO audit (action) VALUES ('view ${req.params.id}')`);
    res.json({ rows, audit: audit.rowCount });
  } catch (e) {
    next(e);
  }
});

router.post("/convert", (req: Request, res: Response) => {
  const format = String(req.body.format);
  if (!ALLOWED_FORMATS.has(format)) {
    return res.status(400).end();
  }
  // ok: javascript.command-injection
  const out = spawnSync("convert", ["in.tiff", `out.${format}`]);
  // ruleid: javascript.command-injection
  const out2 = spawnSync(`convert in.tiff ${req.body.target}`, { shell: true });
  res.json({ status: out.status, status2: out2.status });
});

router.get("/uploads/:name", (req: Request, res: Response) => {
  const name = req.params.name;
  // ruleid: javascript.path-traversal
  const data = fs.readFileSync(UPLOADS + "/" + name);
  // ok: javascript.path-traversal
  const meta = fs.readFileSync(path.join(UPLOADS, path.basename(name) + ".json"));
  res.type("application/octet-stream").send(Buffer.concat([data, meta]));
});

router.post("/webhook/test", async (req: Request, res: Response) => {
  // ruleid: javascript.ssrf
  const r = await fetch(req.body.url, { method: "POST" });
  res.status(r.ok ? 204 : 502).end();
});

export function apiKey(): string {
  // ok: javascript.insecure-random
  return crypto.randomBytes(32).toString("hex");
}

export function sessionToken(): string {
  // ruleid: javascript.insecure-random
  const token = Math.random().toString(36).substring(2) + Date.now().toString(36);
  return token;
}

export function fingerprint(body: string): string {
  // ruleid: javascript.weak-hash
  return crypto.createHash("sha1").update(body).digest("hex");
}

router.get("/hello", (req: Request, res: Response) => {
  // ruleid: javascript.xss
  res.send("<p>Hello, " + req.query.name + "</p>");
});

router.get("/hello.json", (req: Request, res: Response) => {
  // ok: javascript.xss
  res.json({ hello: req.query.name });
});

export default router;
