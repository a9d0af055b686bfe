// stockade-expect: vulnerable CWE-601
import type { NextApiRequest, NextApiResponse } from "next";

export default function handler(req: NextApiRequest, res: NextApiResponse) {
  res.writeHead(302, { Location: String(req.query.to) });
  res.end();
}
