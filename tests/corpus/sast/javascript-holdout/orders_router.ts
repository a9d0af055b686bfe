// stockade-expect: annotated
import { Router, Request, Response, NextFunction } from "express";
import { Pool } from "pg";
import * as child_process from "child_process";
import { promises as fsp } from "fs";
import * as path from "path";
import axios from "axios";

const pool = new Pool({ connectionString: process.env.DATABASE_URL });
const router = Router();
const UPLOAD_ROOT = "/srv/uploads";

function orderClause(field: string, dir: string): string {
  return `ORDER BY ${field} ${dir}`;
}

router.get("/orders", async (req: Request, res: Response, next: NextFunction) => {
  const { sort = "created_at", dir = "DESC" } = req.query as Record<string, string>;
  try {
    // ruleid: javascript.sql-injection
    const result = await pool.query(`SELECT * FROM orders ${orderClause(sort, dir)}`);
    res.json(result.rows);
  } catch (err) {
    next(err);
  }
});

router.get("/orders/:orderId", async (req: Request, res: Response) => {
  const { orderId } = req.params;
  // ok: javascript.sql-injection
  const result = await pool.query("SELECT * FROM orders WHERE id = $1", [orderId]);
  res.json(result.rows[0] ?? null);
});

router.get("/orders/by-status/:status", async (req: Request, res: Response) => {
  const allowed = ["open", "paid", "shipped"];
  const status = allowed.includes(req.params.status) ? req.params.status : "open";
  const text = "SELECT * FROM orders WHERE status = '" + status + "'";
  // ok: javascript.sql-injection
  const result = await pool.query(text);
  res.json(result.rows);
});

router.get("/customers/search", async (req: Request, res: Response) => {
  const term = String(req.query.term ?? "");
  const sql = "SELECT id, name FROM customers WHERE name LIKE '%" + term + "%'";
  // ruleid: javascript.sql-injection
  const { rows } = await pool.query(sql);
  res.json(rows);
});

router.post("/reports/render", async (req: Request, res: Response) => {
  const { template } = req.body;
  // ruleid: javascript.command-injection
  child_process.exec("wkhtmltopdf " + template + " /tmp/out.pdf", (err) => {
    if (err) return res.status(500).end();
    res.download("/tmp/out.pdf");
  });
});

router.post("/reports/render-safe", async (req: Request, res: Response) => {
  const { template } = req.body;
  // ok: javascript.command-injection
  child_process.execFile("wkhtmltopdf", [template, "/tmp/out.pdf"], () => res.download("/tmp/out.pdf"));
});

router.get("/attachments/:name", async (req: Request, res: Response) => {
  const file = path.join(UPLOAD_ROOT, req.params.name);
  // ruleid: javascript.path-traversal
  const data = await fsp.readFile(file);
  res.type("application/octet-stream").send(data);
});

router.get("/attachments-safe/:name", async (req: Request, res: Response) => {
  const file = path.join(UPLOAD_ROOT, path.basename(req.params.name));
  // ok: javascript.path-traversal
  const data = await fsp.readFile(file);
  res.type("application/octet-stream").send(data);
});

router.post("/webhooks/test", async (req: Request, res: Response) => {
  const target: string = req.body.callbackUrl;
  // ruleid: javascript.ssrf
  const reply = await axios.post(target, { ping: true });
  res.json({ status: reply.status });
});

router.post("/webhooks/test-fixed", async (req: Request, res: Response) => {
  const endpoints: Record<string, string> = { billing: "https://billing.internal/ping" };
  const target = endpoints.billing;
  // ok: javascript.ssrf
  const reply = await axios.post(target, { ping: true, from: req.body.name });
  res.json({ status: reply.status });
});

router.get("/logout", (req: Request, res: Response) => {
  const next = req.query.returnTo as string;
  // ruleid: javascript.open-redirect
  res.redirect(next);
});

router.get("/logout-local", (req: Request, res: Response) => {
  // ok: javascript.open-redirect
  res.redirect("/login?loggedOut=1");
});

router.get("/echo", (req: Request, res: Response) => {
  // ruleid: javascript.xss
  res.send(`<p>You searched for ${req.query.q}</p>`);
});

router.get("/echo-json", (req: Request, res: Response) => {
  // ok: javascript.xss
  res.json({ q: req.query.q });
});

router.get("/version", (req: Request, res: Response) => {
  const match = /^v(\d+)\.(\d+)$/.exec(String(req.query.v));
  // ok: javascript.sql-injection
  const parts = /^(\w+)-(\w+)$/.exec(String(req.query.slug));
  res.json({ match, parts });
});

export default router;
