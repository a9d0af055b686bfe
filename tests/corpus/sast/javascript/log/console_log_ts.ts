// stockade-expect: vulnerable CWE-117
import type { NextApiRequest, NextApiResponse } from "next";

export default function handler(req: NextApiRequest, res: NextApiResponse) {
  console.log(`search: ${req.query.q}`);
  res.status(200).json([]);
}
