// stockade-expect: vulnerable CWE-94
import type { NextApiRequest, NextApiResponse } from "next";

export default function handler(req: NextApiRequest, res: NextApiResponse) {
  const body = String(req.query.fn);
  const fn = new Function("x", "return " + body);
  res.json({ value: fn(2) });
}
