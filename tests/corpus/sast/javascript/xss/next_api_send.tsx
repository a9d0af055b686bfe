// stockade-expect: vulnerable CWE-79
import type { NextApiRequest, NextApiResponse } from "next";

export default function handler(req: NextApiRequest, res: NextApiResponse) {
  const { q } = req.query;
  res.setHeader("Content-Type", "text/html");
  res.status(200).send("<p>No results for " + q + "</p>");
}
