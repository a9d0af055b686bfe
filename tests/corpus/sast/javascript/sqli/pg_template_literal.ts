// stockade-expect: vulnerable CWE-89
import express, { Request, Response } from "express";
import { Pool } from "pg";

const pool = new Pool();
const router = express.Router();

router.get("/users/:id", async (req: Request, res: Response) => {
  const id: string = req.params.id;
  const result = await pool.query(`SELECT id, name FROM users WHERE id = ${id}`);
  res.json(result.rows);
});

export default router;
