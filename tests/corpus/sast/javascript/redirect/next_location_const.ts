// stockade-expect: safe CWE-601
import type { NextApiRequest, NextApiResponse } from "next";

export default function handler(req: NextApiRequest, res: NextApiResponse) {
  const allowed = ["/home", "/settings"];
  res.writeHead(302, { Location: allowed[0] });
  res.end();
}
