// stockade-expect: vulnerable CWE-918
import type { NextApiRequest, NextApiResponse } from "next";

export default async function handler(req: NextApiRequest, res: NextApiResponse) {
  const { webhook } = req.body;
  const r = await fetch(webhook, { method: "POST", body: JSON.stringify({ ping: true }) });
  res.status(r.status).end();
}
