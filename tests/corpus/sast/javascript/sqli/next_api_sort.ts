// stockade-expect: vulnerable CWE-89
import type { NextApiRequest, NextApiResponse } from "next";
import sqlite3 from "sqlite3";

const db = new sqlite3.Database("app.db");

export default function handler(req: NextApiRequest, res: NextApiResponse) {
  const sort = req.query.sort as string;
  db.all("SELECT * FROM posts ORDER BY " + sort, (err: Error | null, rows: unknown[]) => {
    res.status(200).json(rows);
  });
}
