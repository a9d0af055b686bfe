// stockade-expect: annotated
import type { NextApiRequest, NextApiResponse } from "next";

const ALLOWED_HOSTS = new Set(["api.example.com", "cdn.example.com"]);

export default async function handler(req: NextApiRequest, res: NextApiResponse) {
  const target = String(req.query.url);
  // ruleid: javascript.ssrf
  const upstream = await fetch(target);
  res.status(upstream.status).send(await upstream.text());
}

export async function safeProxy(req: NextApiRequest, res: NextApiResponse) {
  const url = new URL("https://api.example.com/v1/items");
  url.searchParams.set("q", String(req.query.q));
  // ok: javascript.ssrf
  const upstream = await fetch(url.toString());
  res.status(upstream.status).json(await upstream.json());
}

export async function redirectAfterLogin(req: NextApiRequest, res: NextApiResponse) {
  const next = String(req.query.next ?? "/");
  // ruleid: javascript.open-redirect
  res.redirect(302, next);
}

export async function hostCheck(req: NextApiRequest, res: NextApiResponse) {
  const host = new URL(String(req.query.url)).host;
  res.json({ allowed: ALLOWED_HOSTS.has(host) });
}
