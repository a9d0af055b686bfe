// stockade-expect: annotated
import type { NextApiRequest, NextApiResponse } from "next";
import fs from "fs";
import path from "path";
import { execSync } from "child_process";
import mysql from "mysql2/promise";

const conn = mysql.createPool({ host: "db", user: "app", database: "app" });
const ROOT = path.join(process.cwd(), "content");

export default async function handler(req: NextApiRequest, res: NextApiResponse) {
  const slug = req.query.slug as string;

  if (req.method === "GET") {
    // ruleid: javascript.path-traversal
    const markdown = fs.readFileSync(path.join(ROOT, `${slug}.md`), "utf8");
    return res.status(200).json({ markdown });
  }

  if (req.method === "HEAD") {
    const safeSlug = slug.replace(/[^a-z0-9-]/gi, "");
    const file = path.resolve(ROOT, safeSlug + ".md");
    if (!file.startsWith(ROOT + path.sep)) return res.status(400).end();
    // ok: javascript.path-traversal
    const stat = fs.statSync(file);
    return res.setHeader("Content-Length", String(stat.size)).end();
  }

  if (req.method === "POST") {
    const { title } = req.body;
    // ruleid: javascript.sql-injection
    await conn.execute(`INSERT INTO posts (slug, title) VALUES ('${slug}', '${title}')`);
    // ok: javascript.sql-injection
    await conn.execute("INSERT INTO audit (slug) VALUES (?)", [slug]);
    return res.status(201).end();
  }

  if (req.method === "PUT") {
    // ruleid: javascript.command-injection
    const out = execSync("git log --oneline -- content/" + slug).toString();
    return res.status(200).json({ history: out.split("\n") });
  }

  if (req.method === "PATCH") {
    const revisions = Number.parseInt(String(req.query.n), 10) || 10;
    // ok: javascript.command-injection
    const out = execSync(`git log -n ${revisions} --oneline`).toString();
    return res.status(200).json({ history: out.split("\n") });
  }

  return res.status(405).end();
}
